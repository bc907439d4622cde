import Testing
@testable import GeoTUI

/// The compass rose (groundwork for issue 38's navigation view), drawn into an
/// in-memory canvas: a ring of dots twice as wide as high, its labels on it, and an arrow.
@Suite struct CompassRoseTests {
    private func draw(pointer: Double?, marks: [CompassRose.Mark] = CompassRose.cardinalMarks()) -> Canvas {
        render(CompassRose(frame: Rect(x: 0, y: 0, width: 17, height: 9), pointer: pointer, marks: marks),
               width: 17, height: 9)
    }

    @Test("north-up with an arrow pointing up: N at the top, the arrow a shaft and a head above the centre")
    func pointsUp() {
        expectCanvas(draw(pointer: 0), """
                 ···N···
              ···   ↑   ···
             ·      |      ·
            ·       |       ·
            W       o       E
            ·               ·
             ·             ·
              ···       ···
                 ···S···
            """)
    }

    @Test("an arrow pointing east is drawn across, its head to the right")
    func pointsRight() {
        #expect(draw(pointer: 90).text.split(separator: "\n")[4] == "W       o-----→ E")
    }

    @Test("each of the eight directions gets its own head", arguments: zip(
        [0.0, 45, 90, 135, 180, 225, 270, 315, 359, -90], ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖", "↑", "←"]))
    func eachOctantHasItsHead(_ angle: Double, _ head: String) {
        #expect(draw(pointer: angle).text.contains(head))
    }

    @Test("without a pointer only the ring, its labels and a plain centre are drawn")
    func withoutPointer() {
        let text = draw(pointer: nil).text
        #expect(text.split(separator: "\n")[4] == "W       +       E")
        #expect(!text.contains("o"))
    }

    @Test("turned marks move round the ring: north at 90° sits where east was")
    func turnedMarks() {
        let text = draw(pointer: nil, marks: CompassRose.cardinalMarks(north: 90)).text
        #expect(text.split(separator: "\n")[4] == "S       +       N")
    }

    @Test("the ring is the same mirrored left to right and top to bottom, at every size", arguments: [7, 9, 11])
    func ringIsSymmetric(height: Int) {
        let width = height * 2 + 1
        let rows = render(CompassRose(frame: Rect(x: 0, y: 0, width: width, height: height), pointer: nil, marks: []),
                          width: width, height: height).text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(height).map { String($0).padding(toLength: width, withPad: " ", startingAt: 0) }
        #expect(rows.map { String($0.reversed()) } == rows)
        #expect(Array(rows.reversed()) == rows)
    }

    @Test("a frame too small for a ring draws nothing")
    func tooSmall() {
        #expect(render(CompassRose(frame: Rect(x: 0, y: 0, width: 2, height: 2), pointer: 0), width: 4, height: 4)
            .text.allSatisfy { $0 == " " || $0 == "\n" })
    }
}

import Foundation

/// A compass rose drawn in character cells: a ring of dots, labels on the ring (the
/// cardinal points, or any others its owner gives), and an arrow from the centre
/// pointing at an angle.
///
/// Angles are degrees clockwise from the top of the rose. The rose knows nothing of
/// what it points at: its owner sets ``pointer`` (nil draws no arrow, when there is
/// nothing to point at) and ``marks`` (north-up: N at 0°; turned with the direction of
/// travel: N at minus the track). Terminal cells are about twice as tall as wide, so
/// the ring is twice as wide as high, and looks round.
public final class CompassRose: Widget {
    /// A label drawn on the ring at an angle.
    public struct Mark: Equatable, Sendable {
        public var label: Character
        public var angle: Double

        public init(_ label: Character, at angle: Double) {
            self.label = label
            self.angle = angle
        }
    }

    public var frame: Rect
    public var isFocused = false
    /// Where the arrow points, in degrees clockwise from the top; nil draws none.
    public var pointer: Double?
    /// The labels on the ring.
    public var marks: [Mark]
    /// The style of the ring and labels, and of the arrow.
    public var style: Style
    public var pointerStyle: Style

    /// The four cardinal points with north at `north` degrees (0 for north-up).
    public static func cardinalMarks(north: Double = 0) -> [Mark] {
        zip(["N", "E", "S", "W"] as [Character], [0.0, 90, 180, 270]).map { Mark($0, at: north + $1) }
    }

    public init(frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0), pointer: Double? = nil,
                marks: [Mark] = CompassRose.cardinalMarks(), style: Style = .plain, pointerStyle: Style = .plain) {
        self.frame = frame
        self.pointer = pointer
        self.marks = marks
        self.style = style
        self.pointerStyle = pointerStyle
    }

    /// The centre cell and the ring's radii across and down, in cells.
    private var geometry: (x: Int, y: Int, across: Double, down: Double) {
        let down = Double((frame.height - 1) / 2)
        let across = min(Double((frame.width - 1) / 2), down * 2)
        return (frame.x + (frame.width - 1) / 2, frame.y + (frame.height - 1) / 2, across, down)
    }

    /// The cell at `fraction` of the radius from the centre, at `angle`. The offsets are
    /// worked out for the angle folded into the first quadrant and then mirrored, so
    /// that the ring is symmetric whichever way `sin` and `cos` round (sin 30° and
    /// sin 150° differ in their last bit, and a half rounds away from zero).
    private func cell(at angle: Double, fraction: Double) -> Point {
        let (x, y, across, down) = geometry
        var turned = angle.truncatingRemainder(dividingBy: 360)
        if turned < 0 { turned += 360 }
        let right = turned <= 180, up = turned <= 90 || turned >= 270
        let folded = right ? (up ? turned : 180 - turned) : (up ? 360 - turned : turned - 180)
        let radians = folded * .pi / 180
        let dx = Int((across * fraction * sin(radians)).rounded()), dy = Int((down * fraction * cos(radians)).rounded())
        return Point(x: x + (right ? dx : -dx), y: y - (up ? dy : -dy))
    }

    public func draw(into canvas: inout Canvas) {
        guard frame.width >= 3, frame.height >= 3 else { return }
        canvas.fill(frame, style: style)
        for step in stride(from: 0.0, to: 360, by: 5) {
            canvas.put("·", at: cell(at: step, fraction: 1), style: style, clip: frame)
        }
        for mark in marks {
            canvas.put(String(mark.label), at: cell(at: mark.angle, fraction: 1), style: style, clip: frame)
        }
        let (x, y, _, down) = geometry
        guard let pointer, pointer.isFinite else {
            canvas.put("+", at: Point(x: x, y: y), style: style, clip: frame)
            return
        }
        let octant = Self.octant(of: pointer)
        let steps = max(Int(down * 2), 2)
        for step in 1..<steps {
            let point = cell(at: pointer, fraction: 0.75 * Double(step) / Double(steps))
            canvas.put(String(Self.shafts[octant]), at: point, style: pointerStyle, clip: frame)
        }
        canvas.put(String(Self.heads[octant]), at: cell(at: pointer, fraction: 0.75), style: pointerStyle, clip: frame)
        canvas.put("o", at: Point(x: x, y: y), style: pointerStyle, clip: frame)
    }

    /// 0 (up) to 7 (up-left): the 45° sector around each of the eight directions.
    static func octant(of angle: Double) -> Int {
        let turned = (angle.truncatingRemainder(dividingBy: 360) + 360 + 22.5).truncatingRemainder(dividingBy: 360)
        return Int(turned / 45) % 8
    }

    /// The arrow's head and shaft for each octant.
    static let heads: [Character] = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]
    static let shafts: [Character] = ["|", "/", "-", "\\", "|", "/", "-", "\\"]
}

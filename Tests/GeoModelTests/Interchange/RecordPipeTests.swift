import Testing
@testable import GeoModel
import GeoTestSupport

/// The pipe from the reading thread to the storing one (``RecordPipe``).
@Suite struct RecordPipeTests {
    @Test("records with long descriptions travel in batches of about a mebibyte, not 256 records")
    func longRecordsTravelInSmallBatches() throws {
        let description = String(repeating: "Long description. ", count: 5_600)  // 100,800 bytes
        var caches = (1...30).map(Samples.numbered)
        for index in caches.indices { caches[index].listing.longDescription = description }
        let text = JSONInterchange.document(for: caches)
        let interruption = ImportInterruption()
        var handedOver: [Int] = []

        try RecordPipe.read([.bytes(Array(text.utf8), name: "long.json")], interruption: interruption) { _ in
            handedOver.append(interruption.progress.snapshot.records)
        }

        // Before each record, the records of the batches stored before its own.
        let jumps = zip(handedOver.dropFirst(), handedOver).map { $0 - $1 }.filter { $0 > 0 }
        #expect(handedOver.count == 30)
        #expect(!jumps.isEmpty)
        #expect(jumps.allSatisfy { $0 <= 11 })
    }
}

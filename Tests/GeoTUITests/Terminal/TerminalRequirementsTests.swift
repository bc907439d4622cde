import Foundation
import Glibc
import Testing
@testable import GeoTUI

/// The up-front checks, with the facts injected: nothing here touches a terminal.
@Suite struct TerminalRequirementsTests {
    private func check(_ environment: [String: String], input: Bool = true, output: Bool = true,
                       probe: TerminfoProbe = .usable) throws(TerminalError) -> String {
        try TerminalRequirements.check(environment: environment, inputIsTerminal: input,
                                       outputIsTerminal: output, probe: { _ in probe })
    }

    @Test func standardInputNotATerminal() {
        #expect(throws: TerminalError.inputNotATerminal) { try check(["TERM": "xterm"], input: false) }
        #expect(TerminalError.inputNotATerminal.description == "standard input is not a terminal")
    }

    @Test func standardOutputNotATerminal() {
        #expect(throws: TerminalError.outputNotATerminal) { try check(["TERM": "xterm"], output: false) }
    }

    @Test func terminalTypeMissing() {
        #expect(throws: TerminalError.terminalTypeNotSet) { try check([:]) }
        #expect(throws: TerminalError.terminalTypeNotSet) { try check(["TERM": ""]) }
    }

    @Test func unknownTerminalType() {
        #expect(throws: TerminalError.unknownTerminalType("foo")) { try check(["TERM": "foo"], probe: .unknown) }
        #expect(TerminalError.unknownTerminalType("foo").description == "unknown terminal type 'foo' (TERM): this machine "
                + "has no terminfo entry for it; install one (the ncurses-term package, or the terminal's own), or run with "
                + "TERM=xterm-256color")
    }

    @Test func terminalTypeThatCannotBeAnEntryIsNeverLookedUp() {
        var looked = false
        #expect(throws: TerminalError.unknownTerminalType("../x␛")) {
            try TerminalRequirements.check(environment: ["TERM": "../x\u{1B}"], inputIsTerminal: true,
                                           outputIsTerminal: true, probe: { _ in looked = true; return .usable })
        }
        #expect(!looked)
    }

    @Test func terminalWithoutCursorAddressing() {
        #expect(throws: TerminalError.cannotMoveCursor("dumb")) {
            try check(["TERM": "dumb"], probe: .noCursorAddressing)
        }
        #expect(TerminalError.cannotMoveCursor("dumb").description == "terminal 'dumb' cannot move the cursor")
    }

    @Test func usableTerminalGivesItsName() throws {
        #expect(try check(["TERM": "xterm-256color"]) == "xterm-256color")
    }

    @Test func everyMessageIsOneLine() {
        let errors: [TerminalError] = [
            .inputNotATerminal, .outputNotATerminal, .terminalTypeNotSet, .unknownTerminalType("a"),
            .noTerminfoDatabase("a"), .cannotMoveCursor("a"), .hardcopyTerminal("a"), .startFailed("a"),
            .systemCallFailed("pipe", errno: 24),
        ]
        for error in errors { #expect(!error.description.contains("\n") && !error.description.isEmpty) }
    }

    @Test func noColorNeedsAValue() {
        #expect(TerminalRequirements.colorIsRefused(in: ["NO_COLOR": "1"]))
        #expect(!TerminalRequirements.colorIsRefused(in: ["NO_COLOR": ""]))
        #expect(!TerminalRequirements.colorIsRefused(in: [:]))
    }
}

extension NcursesTests {
    /// The real terminfo lookup behind ``Terminal/open(environment:)``; it reads the
    /// database only (setupterm on /dev/null), so it runs without a terminal.
    @Suite struct TerminfoProbeTests {
        private func probe(_ name: String) -> TerminfoProbe {
            let descriptor = open("/dev/null", O_WRONLY)
            defer { close(descriptor) }
            return Terminal.probeTerminfo(name, descriptor: descriptor)
        }

        @Test func knownTerminals() {
            for name in ["xterm-256color", "tmux-256color", "screen", "linux", "vt100"] {
                #expect(probe(name) == .usable, "\(name)")
            }
        }

        @Test func unknownAndDumbTerminals() {
            #expect(probe("no-such-terminal") == .unknown)
            #expect(probe("dumb") == .noCursorAddressing)
        }

        @Test func processVariablesAreTheChecksVariablesAsFoundationSeesThem() {
            let foundation = ProcessInfo.processInfo.environment
            for name in ["TERM", "NO_COLOR", "HOME", "GEOCACHE_NO_SUCH_VARIABLE"] {
                #expect(TerminalRequirements.processVariable(name) == foundation[name])
            }
        }

        @Test func theChecksReadTermFromAnEnvironmentAsFromItsValue() throws {
            let facts = (input: true, output: true, probe: { (_: String) in TerminfoProbe.usable })
            #expect(try TerminalRequirements.check(environment: ["TERM": "vt100"], inputIsTerminal: facts.input,
                                                   outputIsTerminal: facts.output, probe: facts.probe) == "vt100")
            #expect(try TerminalRequirements.check(term: "vt100", inputIsTerminal: facts.input,
                                                   outputIsTerminal: facts.output, probe: facts.probe) == "vt100")
            #expect(throws: TerminalError.terminalTypeNotSet) {
                try TerminalRequirements.check(term: nil, inputIsTerminal: true, outputIsTerminal: true,
                                               probe: facts.probe)
            }
            #expect(TerminalRequirements.colorIsRefused(noColor: "1"))
            #expect(!TerminalRequirements.colorIsRefused(noColor: ""))
            #expect(!TerminalRequirements.colorIsRefused(noColor: nil))
        }

        @Test func openRefusesWithoutTouchingAnything() {
            // Standard input is not a terminal under `swift test`; on a terminal the
            // unknown TERM is refused instead. Either way nothing is started.
            #expect(throws: TerminalError.self) {
                _ = try Terminal.open(environment: ["TERM": "no-such-terminal"])
            }
        }
    }
}

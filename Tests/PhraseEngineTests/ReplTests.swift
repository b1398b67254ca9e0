import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// End-to-end tests of `phrasematch repl`: a golden session through a pipe (in process and
/// through the built executable), and line editing and history through a pseudo-terminal.
///
/// The fixture catalogs in Fixtures/Repl are small and the utterances are said as written (score 1)
/// or plainly out of domain, so the goldens do not move while the matcher is tuned. Re-record
/// with `RECORD_GOLDEN=1 swift test --filter ReplTests`.
@Suite struct ReplTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// One step of a scripted session: a line for the REPL, or a change to a catalog on disk.
    enum Step {
        case line(String)
        case breakFile(String)
        case restoreFile(String)
    }

    static let session: [Step] = [
        .line("log water in habit tracker"),
        .line("show my streaks in habit tracker"),
        .line("what's the weather tomorrow"),
        .line(""),
        .line(":help"),
        .line(":apps"),
        .line(":phrases streaks"),
        .line(":lint"),
        .line(":collisions"),
        .line(":locale"),
        .line(":locale fr"),
        .line("note eau dans suivi habitudes"),
        .line("montre mes séries dans suivi habitudes"),
        .line(":phrases eau"),
        .line(":lcale en"),
        .line(":frobnicate"),
        .line(":load coffee.json"),
        .line("commande un latte avec compte grains"),
        .line(":apps"),
        .line(":locale en"),
        .line(":phrases"),
        .line("order a latte with bean counter"),
        .breakFile("coffee.json"),
        .line(":reload"),
        .line("order a latte with bean counter"),
        .restoreFile("coffee.json"),
        .line(":reload"),
        .line(":load missing.json"),
        .line(":matching exact"),
        .line("please log water in habit tracker"),
        .line("log water in habit tracker"),
        .line(":matching flexible"),
        .line(":explain off"),
        .line(":top 1"),
        .line("log water in habit tracker"),
        .line(":top 0"),
        .line(":explain maybe"),
        .line(":matching fuzzy"),
        .line(":quit"),
        .line("log water in habit tracker"),  // never read: the session has ended
    ]

    static let brokenCatalog = "{\n  \"format\": \"phrasematch-catalog\",\n  \"app\": { \"id\": 42 }\n"

    /// A fresh folder holding copies of the fixture catalogs (the session edits them on disk).
    static func workDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-repl-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for f in ["habits.json", "coffee.json"] {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("Repl/\(f)").path, toPath: dir + "/" + f)
        }
        return dir
    }

    static func apply(_ step: Step, in dir: String) throws {
        switch step {
        case .line: break
        case .breakFile(let f): try Data(brokenCatalog.utf8).write(to: URL(fileURLWithPath: dir + "/" + f))
        case .restoreFile(let f):
            try FileManager.default.removeItem(atPath: dir + "/" + f)
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("Repl/\(f)").path, toPath: dir + "/" + f)
        }
    }

    /// Runs the session in process through the pipe code path (standard input not a terminal).
    /// Returns what was printed and, for each file change, how much had been printed before it.
    static func runInProcess(in dir: String) throws -> (out: String, err: String, code: Int32, marks: [Int]) {
        let buf = CaptureBuffer()
        var steps = session[...]
        var marks: [Int] = []
        var failure: Error? = nil
        let ctx = CLIContext(environment: ["HOME": dir, "XDG_STATE_HOME": dir + "/state"], currentDirectory: dir,
                             readLine: {
                                 while let s = steps.popFirst() {
                                     if case .line(let l) = s { return l }
                                     marks.append(buf.stdout.utf8.count)
                                     do { try apply(s, in: dir) } catch { failure = error }
                                 }
                                 return nil
                             },
                             out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        let code = PhraseMatchCLI.run(["repl", "--catalog", "habits.json", "--no-semantic"], context: ctx)
        if let failure { throw failure }
        return (buf.stdout, buf.stderr, code, marks)
    }

    /// Compares with a golden file byte for byte, or records it when RECORD_GOLDEN=1.
    static func golden(_ name: String, _ actual: String, record: Bool = true) throws {
        try assertGolden(name, actual, record: record)
    }

    // MARK: Through a pipe

    /// With several catalogs and no --locale, the locale is the development locale most of them
    /// share (the first catalog's on a tie): the bundled samples start in en, though the first
    /// of them (bank) is a pt-PT app; one catalog keeps its own.
    @Test func defaultLocaleIsTheCatalogsMostCommon() throws {
        let cats = try ["bank", "coffee", "habits"].map { app in
            try CatalogLoader.load(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Corpora/\(app)/catalog.json").path)
        }
        #expect(CatalogOptions.defaultLocale(cats) == "en")
        #expect(CatalogOptions.defaultLocale(Array(cats.prefix(1))) == "pt-PT")
        #expect(CatalogOptions.defaultLocale([]) == "en")
        let (code, out, _) = runCLI(["match", "log water in habit tracker"])
        #expect(code == 0 && out.contains("LogHabitIntent"), "\(out)")
    }

    @Test func goldenSessionThroughAPipe() throws {
        let dir = try Self.workDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.runInProcess(in: dir)
        #expect(r.code == 0)
        #expect(r.err.isEmpty)
        #expect(!r.out.contains("\u{1B}"), "no escape codes when output is not a terminal")
        // What the session is about, so a re-recorded golden cannot silently lose it.
        #expect(r.out.contains("did you mean :locale?"))
        #expect(r.out.contains("unknown command :frobnicate (:help lists them)"))
        #expect(r.out.contains("\"note eau dans suivi habitudes\" → match"))
        #expect(r.out.contains("error: coffee.json:"))
        #expect(r.out.contains("kept the previously loaded catalogs"))
        #expect(r.out.contains("error: missing.json: no such file"))
        #expect(r.out.contains("\"please log water in habit tracker\" → none"))
        #expect(!r.out.contains("never read"))
        try Self.golden("repl-pipe.txt", r.out)
        try Self.golden("repl-transcript.txt", Self.transcript())
    }

    /// The same session as a person sees it on a terminal: prompt, line, output. Built on
    /// `ReplSession` directly; a readable companion to the byte-exact pipe golden.
    static func transcript() throws -> String {
        let dir = try workDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = ReplSession(catalogPaths: [dir + "/habits.json"], catalogs: try CatalogLoader.loadAll(paths: [dir + "/habits.json"]),
                            locale: nil, color: false, usedSamples: false, currentDirectory: dir)
        var t = ""
        for step in session {
            guard case .line(let l) = step else {
                try apply(step, in: dir)
                switch step {
                case .breakFile(let f): t += "# (\(f) is broken on disk)\n"
                case .restoreFile(let f): t += "# (\(f) is restored)\n"
                case .line: break
                }
                continue
            }
            t += s.prompt + l + "\n"
            let (out, quit) = s.handle(l)
            t += out
            if quit { break }
        }
        return t
    }

    @Test func reloadErrorsKeepEveryPreviousCatalog() throws {
        let dir = try Self.workDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = ReplSession(catalogPaths: [dir + "/habits.json"], catalogs: try CatalogLoader.loadAll(paths: [dir + "/habits.json"]),
                            locale: "en", color: false, usedSamples: false, currentDirectory: dir)
        #expect(s.handle(":load coffee.json").output == "loaded 2 catalog(s): com.example.habits, com.example.coffee\n")
        try Self.apply(.breakFile("habits.json"), in: dir)
        let out = s.handle(":reload").output
        #expect(out.hasPrefix("error: habits.json:"), "paths inside the folder are shown relative to it: \(out)")
        #expect(s.catalogs.map(\.app.id) == ["com.example.habits", "com.example.coffee"])
        #expect(s.handle("order a latte with bean counter").output.contains("→ match"))
        #expect(s.handle("log water in habit tracker").output.contains("→ match"))
    }

    // MARK: The built executable

    /// The `phrasematch` executable built next to the test bundle (`.build/<triple>/debug`),
    /// or `$PHRASEMATCH_EXECUTABLE`. `swift test` builds every target of the package, this one too.
    static let executable: String? = {
        var candidates: [String] = []
        if let e = ProcessInfo.processInfo.environment["PHRASEMATCH_EXECUTABLE"], !e.isEmpty { candidates.append(e) }
        for b in [Bundle.main.executableURL, CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }].compactMap({ $0 }) {
            // Linux: .build/<triple>/debug/PhraseEnginePackageTests.xctest is the runner itself.
            candidates.append(b.deletingLastPathComponent().appendingPathComponent("phrasematch").path)
        }
        for b in Bundle.allBundles where b.bundlePath.hasSuffix(".xctest") {
            // macOS: the bundle is a folder in .build/<triple>/debug.
            candidates.append(b.bundleURL.deletingLastPathComponent().appendingPathComponent("phrasematch").path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/phrasematch").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let noExecutable = "the phrasematch executable was not found next to the test bundle (build it with `swift build`, or set PHRASEMATCH_EXECUTABLE)"

    /// Bytes a child process wrote, collected on another thread.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }
        private var ended = false
        var bytes: Data { lock.lock(); defer { lock.unlock() }; return data }
        func finish() { lock.lock(); ended = true; lock.unlock() }
        var finished: Bool { lock.lock(); defer { lock.unlock() }; return ended }
    }

    /// Polls `condition` every 10 ms until it holds or `seconds` pass. The bounds are generous:
    /// in a full `swift test` the child competes for two cores with the heavy suites.
    @discardableResult
    static func wait(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    @Test(.enabled(if: ReplTests.executable != nil, "\(ReplTests.noExecutable)"), .timeLimit(.minutes(5)))
    func goldenSessionThroughTheExecutable() throws {
        let exe = try #require(Self.executable)
        let dir = try Self.workDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let expected = try Self.runInProcess(in: dir)
        try Self.apply(.restoreFile("coffee.json"), in: dir)

        signal(SIGPIPE, SIG_IGN)  // the REPL leaves at :quit with a line still unread
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = ["repl", "--catalog", "habits.json", "--no-semantic"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.environment = ["HOME": dir, "XDG_STATE_HOME": dir + "/state", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = errors
        let out = Collected(), err = Collected()
        for (pipe, sink) in [(output, out), (errors, err)] {
            let h = pipe.fileHandleForReading
            Thread {
                while true {
                    let d = h.availableData
                    if d.isEmpty { break }
                    sink.append(d)
                }
                sink.finish()
            }.start()
        }
        try p.run()
        defer { if p.isRunning { p.terminate() } }

        var marks = expected.marks[...]
        for step in Self.session {
            if case .line(let l) = step {
                input.fileHandleForWriting.write(Data((l + "\n").utf8))
                continue
            }
            // Change the file only once the REPL has answered every line before it.
            let mark = marks.popFirst() ?? 0
            #expect(Self.wait(60) { out.bytes.count >= mark }, "the REPL did not answer in time")
            try Self.apply(step, in: dir)
        }
        try? input.fileHandleForWriting.close()
        #expect(Self.wait(60) { !p.isRunning && out.finished && err.finished }, "the REPL did not leave")
        if p.isRunning { return }
        let all = out.bytes
        #expect(p.terminationStatus == 0)
        #expect(err.bytes.isEmpty, "stderr: \(String(decoding: err.bytes, as: UTF8.self))")
        let text = String(decoding: all, as: UTF8.self)
        #expect(!text.contains("\u{1B}"))
        #expect(text == expected.out, "the executable's output through a pipe differs from the in-process session")
        try Self.golden("repl-pipe.txt", text, record: false)
    }

    // MARK: Through a pseudo-terminal

    /// A child process on a pseudo-terminal: keys go in through the master side, and what it
    /// draws is read from it with a time bound on every read.
    final class PTYProcess {
        /// Glibc's Swift module leaves out the `_XOPEN_SOURCE` pseudo-terminal calls, so they are
        /// looked up in the C library at run time (Darwin's module has them, the lookup works there too).
        struct API {
            var openpt: @convention(c) (Int32) -> Int32
            var grantpt: @convention(c) (Int32) -> Int32
            var unlockpt: @convention(c) (Int32) -> Int32
            var ptsname: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        }

        static let api: API? = {
            guard let libc = dlopen(nil, RTLD_NOW),
                  let o = dlsym(libc, "posix_openpt"), let g = dlsym(libc, "grantpt"),
                  let u = dlsym(libc, "unlockpt"), let n = dlsym(libc, "ptsname") else { return nil }
            return API(openpt: unsafeBitCast(o, to: (@convention(c) (Int32) -> Int32).self),
                       grantpt: unsafeBitCast(g, to: (@convention(c) (Int32) -> Int32).self),
                       unlockpt: unsafeBitCast(u, to: (@convention(c) (Int32) -> Int32).self),
                       ptsname: unsafeBitCast(n, to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self))
        }()

        let process = Process()
        let master: Int32
        var output = Data()

        init(executable: String, arguments: [String], directory: String, environment: [String: String]) throws {
            guard let api = PTYProcess.api else { throw CLIError("posix_openpt, grantpt, unlockpt or ptsname is missing from the C library") }
            let m = api.openpt(O_RDWR | O_NOCTTY)
            guard m >= 0, api.grantpt(m) == 0, api.unlockpt(m) == 0, let name = api.ptsname(m) else {
                if m >= 0 { close(m) }
                throw CLIError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
            }
            let slavePath = String(cString: name)
            let slave = open(slavePath, O_RDWR | O_NOCTTY)
            guard slave >= 0 else {
                close(m)
                throw CLIError("cannot open \(slavePath): \(String(cString: strerror(errno)))")
            }
            master = m
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
            let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = environment
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = handle
            do { try process.run() } catch {
                close(slave)
                close(master)
                throw error
            }
            close(slave)  // the child has its own copies; end of output shows up as EIO on the master
        }

        deinit {
            if process.isRunning { process.terminate() }
            close(master)
        }

        var text: String { String(decoding: output, as: UTF8.self) }

        /// Reads what is there, waiting at most `seconds` for something to arrive.
        func pump(_ seconds: Double) {
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, Int32(seconds * 1000)) > 0 else { return }
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = Foundation.read(master, &chunk, chunk.count)
                if n <= 0 { return }
                output.append(contentsOf: chunk[0..<n])
            }
        }

        /// Reads until `condition` holds on the output or `seconds` pass.
        @discardableResult
        func readUntil(_ seconds: Double = 60, _ condition: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !condition(text) {
                let left = deadline.timeIntervalSinceNow
                if left <= 0 { return false }
                pump(min(left, 0.2))
            }
            return true
        }

        func type(_ s: String) {
            let bytes = Array(s.utf8)
            var off = 0
            while off < bytes.count {
                let n = bytes[off...].withUnsafeBytes { Foundation.write(master, $0.baseAddress, $0.count) }
                if n > 0 { off += n } else if errno == EAGAIN || errno == EINTR { usleep(1_000) } else { return }
            }
        }

        /// Waits for the process to end, reading its last output; false after `seconds`.
        func waitForExit(_ seconds: Double = 60) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning {
                if Date() > deadline { return false }
                pump(0.05)
            }
            pump(0.05)
            return true
        }
    }

    static func count(_ needle: String, in s: String) -> Int { s.components(separatedBy: needle).count - 1 }

    static let ctrlA = "\u{01}", ctrlC = "\u{03}", ctrlD = "\u{04}", ctrlE = "\u{05}", ctrlR = "\u{12}"
    static let up = "\u{1B}[A", left = "\u{1B}[D", right = "\u{1B}[C"

    @Test(.enabled(if: ReplTests.executable != nil, "\(ReplTests.noExecutable)"), .timeLimit(.minutes(5)))
    func lineEditingAndHistoryOnAPseudoTerminal() throws {
        let exe = try #require(Self.executable)
        let dir = try Self.workDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let state = dir + "/state"
        let t = try PTYProcess(executable: exe, arguments: ["repl", "--catalog", "habits.json", "--no-semantic"], directory: dir,
                               environment: ["HOME": dir, "XDG_STATE_HOME": state, "TERM": "xterm", "NO_COLOR": "1",
                                             "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        let prompt = "phrasematch[en]> "
        let logWater = "\"log water in habit tracker\" → match"
        let streaks = "\"show my streaks in habit tracker\" → match"
        #expect(t.readUntil { $0.contains(prompt) }, "no prompt: \(t.text)")

        // Ctrl-A goes to the start of the line: "og water…" becomes "log water…".
        t.type("og water in habit tracker" + Self.ctrlA + "l\r")
        #expect(t.readUntil { $0.contains(logWater) && $0.contains("LogHabitIntent habit=Water (h1)") }, "\(t.text)")
        #expect(t.text.contains("\r\u{1B}[K" + prompt + "log water in habit tracker"), "the line is redrawn after Ctrl-A")

        // Arrows and Ctrl-E: insert "my " in the middle, then go to the end and finish the line.
        t.type("show streaks in habit" + Self.ctrlA + String(repeating: Self.right, count: 5) + "my " + Self.ctrlE + " tracker\r")
        #expect(t.readUntil { $0.contains(streaks) }, "\(t.text)")
        // Left arrow and a correction in the middle: "habit trakcer" → "habit tracker".
        t.type("log water in habit trakcer" + Self.left + Self.left + "\u{7F}\u{7F}ck\r")
        #expect(t.readUntil { Self.count(logWater, in: $0) == 2 }, "\(t.text)")

        // Up recalls history: two up from an empty line is "show my streaks…" (the last is log water).
        t.type(Self.up + Self.up + "\r")
        #expect(t.readUntil { Self.count(streaks, in: $0) == 2 }, "\(t.text)")

        // Ctrl-R finds the last line containing "water"; Enter runs it.
        t.type(Self.ctrlR + "water")
        #expect(t.readUntil { $0.contains("(reverse-i-search)'water': log water in habit tracker") }, "\(t.text)")
        t.type("\r")
        #expect(t.readUntil { Self.count(logWater, in: $0) == 3 }, "\(t.text)")

        // Ctrl-C abandons a half-typed line: nothing is matched, nothing is kept.
        t.type("log meditation in hab")
        #expect(t.readUntil { $0.contains(prompt + "log meditation in hab") })
        t.type(Self.ctrlC)
        #expect(t.readUntil { $0.contains("^C") }, "\(t.text)")
        t.type(":top 1\r")
        #expect(t.readUntil { $0.contains("showing 1 result(s)") }, "\(t.text)")

        // Ctrl-D on an empty line leaves with status 0.
        t.type(Self.ctrlD)
        #expect(t.waitForExit(), "the REPL did not leave on Ctrl-D: \(t.text)")
        #expect(t.process.terminationStatus == 0)

        let text = t.text
        #expect(!text.contains("\"log meditation in hab"), "an abandoned line was matched")
        #expect(!text.contains("\u{1B}[1m") && !text.contains("\u{1B}[0m"), "NO_COLOR: no colors")
        let history = (try? String(contentsOfFile: state + "/phrasematch/history", encoding: .utf8)) ?? ""
        #expect(history == """
        log water in habit tracker
        show my streaks in habit tracker
        log water in habit tracker
        show my streaks in habit tracker
        log water in habit tracker
        :top 1

        """)
        let mode = (try? FileManager.default.attributesOfItem(atPath: state + "/phrasematch/history")[.posixPermissions] as? Int) ?? 0
        #expect(mode & 0o077 == 0, "the history file is private: \(String(mode, radix: 8))")

        // A second session starts from that history: Up recalls the last line of the first.
        let t2 = try PTYProcess(executable: exe, arguments: ["repl", "--catalog", "habits.json", "--no-semantic"], directory: dir,
                                environment: ["HOME": dir, "XDG_STATE_HOME": state, "TERM": "xterm", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(t2.readUntil { $0.contains(prompt) })
        t2.type(Self.up + Self.up + "\r")
        #expect(t2.readUntil { $0.contains("\"log water in habit tracker\" → \u{1B}[1;32mmatch") }, "colors without NO_COLOR: \(t2.text)")
        t2.type(":quit\r")
        #expect(t2.waitForExit())
        #expect(t2.process.terminationStatus == 0)
    }
}

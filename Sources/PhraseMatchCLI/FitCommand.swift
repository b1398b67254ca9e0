import Foundation
import PhraseEngine

/// `phrasematch fit`: fits the decision to your own app's test corpus.
public enum FitCommand: Command {
    public static let name = "fit"
    public static let summary = "Fit the decision (when a result runs, and its confidence) to a corpus of your app."
    public static let arguments = "CORPUS ..."
    public static let discussion = """
    Matches every line of the corpora, then fits a logistic model of whether the best result is
    right — from its score, whether the app was named, its lead over the next target and what its
    score is made of — on the tune split (even line numbers), picks the confidence a result needs
    so that false accepts on the tune split stay at most --max-false-accepts (default: as many as
    the base model has there), and checks the model on the held-out split (odd line numbers). A
    model that is less accurate there than the base model, or has more than a point more false
    accepts there, is refused (exit 1, nothing written). Otherwise FILE is the base model with the fitted decision: pass it to
    match, eval, repl and collisions with --model FILE; their results then carry `confidence`.
    The same corpus and catalogs give the same file. Exit status: 0 written, 1 refused, 2 usage,
    3 unreadable input.
    """
    /// The most a fitted decision may raise false accepts on the held-out lines.
    static let falseAcceptRise = 0.01

    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--model", value: "BASE", help: "The score model to start from (default: the bundled one)."),
        OptionSpec("--max-false-accepts", value: "X", help: "Most false accepts allowed on the tune split (0-1; default: the base model's)."),
        OptionSpec("--threads", value: "N", help: "Worker threads (default: every core)."),
        OptionSpec("--output", short: "-o", value: "FILE", help: "Where to write the fitted model (required; written atomically)."),
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        guard let output = args.value("--output") else { throw CLIError.usage("--output FILE is required") }
        guard !args.positionals.isEmpty else { throw CLIError.usage("no corpus given") }
        var threads: Int? = nil
        if let t = args.value("--threads") {
            guard let v = Int(t), v >= 1 else { throw CLIError.usage("--threads takes a positive number") }
            threads = v
        }
        var maxFA: Double? = nil
        if let x = args.value("--max-false-accepts") {
            guard let v = Double(x), v >= 0, v <= 1 else { throw CLIError.usage("--max-false-accepts takes a number in [0, 1]") }
            maxFA = v
        }
        var base = MatchOptions()
        base.model = try CatalogOptions.scoreModel(args, ctx)
        base.model.logistic = nil
        let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
        let (items, errors) = try CatalogOptions.readCorpora(args.positionals, ctx)
        if let e = errors.first { throw CLIError.input(e.oneLine) }
        let tuneItems = items.filter { $0.line % 2 == 0 }, testItems = items.filter { $0.line % 2 == 1 }
        guard !tuneItems.isEmpty, !testItems.isEmpty else {
            throw CLIError.input("the corpora need lines of both splits (even and odd line numbers)")
        }
        let matcher = Matcher(catalogs: catalogs, options: base)
        let samples = DecisionFit.samples(items, matcher: matcher, threads: threads)
        let tune = zip(items, samples).filter { $0.0.line % 2 == 0 }.map(\.1)
        let before = DecisionFit.figures(tune, weights: nil, tau: 0.5)
        let weights = DecisionFit.fit(tune)
        let tau = DecisionFit.threshold(tune, weights: weights, maxFalseAccepts: maxFA ?? before.falseAccepts)
        var fitted = base
        fitted.model.logistic = weights
        fitted.model.confidenceThreshold = tau
        fitted.model.source = "phrasematch fit on \(tuneItems.count) tune lines of \(args.positionals.count) corpus files, from: \(base.model.source)"
        // The real figures: both models through the matcher, on both splits.
        func measure(_ o: MatchOptions, _ xs: [CorpusItem]) -> Metrics {
            let m = Matcher(catalogs: catalogs, options: o)
            let ps = Evaluator.run(xs, matcher: m, threads: threads).predictions
            return Evaluator.report(ps, seconds: 0, k: 3, errors: [], qualifyApps: catalogs.count > 1).overall
        }
        let rows = [("tune", "base", measure(base, tuneItems)), ("tune", "fitted", measure(fitted, tuneItems)),
                    ("held-out", "base", measure(base, testItems)), ("held-out", "fitted", measure(fitted, testItems))]
        let p = { (x: Double) in String(format: "%.1f%%", 100 * x) }
        var s = "fit on \(tuneItems.count) tune lines (even line numbers), checked on \(testItems.count) held-out lines (odd)\n"
        s += "split     model   accuracy  in-domain  false accepts\n"
        for (split, model, m) in rows {
            s += split.padding(toLength: 10, withPad: " ", startingAt: 0) + model.padding(toLength: 8, withPad: " ", startingAt: 0)
                + p(m.accuracy).padding(toLength: 10, withPad: " ", startingAt: 0)
                + p(m.exactAccuracy).padding(toLength: 11, withPad: " ", startingAt: 0) + p(m.falseAcceptRate) + "\n"
        }
        s += "confidence a result needs: \(JSONOut.formatNumber(tau))\nweights: bias \(JSONOut.formatNumber((weights.bias * 1000).rounded() / 1000))"
        for (n, w) in zip(DecisionWeights.features, weights.weights) { s += ", \(n) \(JSONOut.formatNumber((w * 1000).rounded() / 1000))" }
        s += "\n"
        let heldBase = rows[2].2, heldFit = rows[3].2
        // Worse where it was not fitted: less accurate, or more than a point more false accepts.
        var why: String? = nil
        if heldFit.accuracy < heldBase.accuracy {
            why = "less accurate on the held-out lines (\(p(heldFit.accuracy)) < \(p(heldBase.accuracy)))"
        } else if heldFit.falseAcceptRate > heldBase.falseAcceptRate + FitCommand.falseAcceptRise + 1e-12 {
            why = "more false accepts on the held-out lines (\(p(heldFit.falseAcceptRate)), the base model \(p(heldBase.falseAcceptRate)))"
        }
        if let why {
            ctx.out(s)
            ctx.err("phrasematch fit: refused: the fitted decision is \(why); nothing written\n")
            return ExitCode.checkFailed
        }
        try AtomicFile.write(fitted.model.json.render(pretty: true) + "\n", to: CatalogOptions.resolvePath(output, ctx))
        ctx.out(s + "wrote \(output)\n")
        return ExitCode.success
    }
}

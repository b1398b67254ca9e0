import Foundation
import PhraseEngine

/// `phrasematch fit`: fits the decision to your own app's test corpus.
public enum FitCommand: Command {
    public static let name = "fit"
    public static let summary = "Fit the decision (when a result runs, and its confidence) to a corpus of your app."
    public static let arguments = "[CORPUS ...]"
    public static let discussion = """
    Matches every line of the corpora, then fits a logistic model of whether the best result is
    right — from its score, whether the app was named, its lead over the next target and what its
    score is made of — on the tune split (even line numbers), picks the confidence a result needs
    so that false accepts on the tune split stay at most --max-false-accepts (default: as many as
    the base model has there), and checks the model on the held-out split (odd line numbers). A
    model that is less accurate there than the base model, or has more than a point more false
    accepts there, is refused (exit 1, nothing written). Otherwise FILE is the base model with the fitted decision: pass it to
    match, eval, repl and collisions with --model FILE; their results then carry `confidence`.
    The confidence either decides in place of the score thresholds or only runs more than they
    do (decision.rescue); the tune lines choose. --plan FILE fits on several catalog sets at once
    (docs/cli.md: each group matched with its own catalogs, the tune lines pooled, a group's
    weight counting its lines more or less) and reports each group and the pool.
    --calibrate keeps the base model's decision and fits only the calibration of the confidence
    (decision.calibration: the same logistic model on the tune lines given a result;
    decision.refusal: of "nothing should run", on the refused ones), which gives each answer its
    confidence and decides nothing; the report shows how well calibrated it is on both splits.
    Each split needs at least 93 lines (an accuracy on fewer is not known within ±10 points: the
    95% Wilson interval; docs/cli.md), or the fit is refused before anything is matched. A result
    whose utterance names no app still needs the no-app threshold's score, however confident.
    With the sentence encoder (as match and eval have it; --no-semantic turns it off), a second
    model is fitted on the tune lines the decision refuses where the encoder reads them, from the
    same features and the encoder's cosine, margin and agreement, within the same false accepts
    (docs/semantic.md); with the encoder's proposals (its nearest shortcut's own best reading)
    where the tune lines are better with them. A rule per side, as the limits are: one for
    results that name no app, fitted on their lines first, then one for results whose utterance
    named the app, on theirs (semantic.noAppLogistic, semantic.namedLogistic and their
    confidences); a side keeps the base model's rule where its fit is not more accurate on the
    tune lines. --side named or no-app fits that side only; --side shared one rule for both
    (semantic.logistic, semantic.confidence).
    --meaning-only keeps the base model's decision whole and fits only that rule.
    The same corpus and catalogs give the same file. Exit status: 0 written, 1 refused, 2 usage,
    3 unreadable input.
    """
    /// The most a fitted decision may raise false accepts on the held-out lines.
    static let falseAcceptRise = 0.01

    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--model", value: "BASE", help: "The score model to start from (default: the bundled one)."),
        OptionSpec("--max-false-accepts", value: "X", help: "Most false accepts allowed on the tune split (0-1; default: the base model's)."),
        OptionSpec("--calibrate", help: "Keep the base decision; fit only the confidence's calibration (decision.calibration, decision.refusal)."),
        OptionSpec("--meaning-only", help: "Keep the base decision; fit only the sentence encoder's rules (semantic.noAppLogistic, semantic.namedLogistic, ...; --side)."),
        OptionSpec("--side", value: "SIDE", help: "The encoder's rules to fit: both (default), named, no-app (a rule for that side of results, kept where it beats the side's own), or shared (one for both)."),
        OptionSpec("--plan", value: "FILE", help: "Fit on many catalog sets at once: a fit plan (docs/cli.md) in place of --catalog and corpora."),
        CatalogOptions.noSemanticOption, CatalogOptions.encoderOption,
        OptionSpec("--threads", value: "N", help: "Worker threads (default: every core)."),
        OptionSpec("--output", short: "-o", value: "FILE", help: "Where to write the fitted model (required; written atomically)."),
        ProgressLine.quietOption,
    ]

    /// One catalog set and its corpora: a plan has many, `--catalog` with corpora is one.
    struct Group {
        var name: String
        var catalogs: [Catalog]
        var items: [CorpusItem]
        /// How much each of its lines counts in the fit (a plan's `weight`; 1 otherwise).
        var weight: Double = 1
    }

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        guard let output = args.value("--output") else { throw CLIError.usage("--output FILE is required") }
        let plan = args.value("--plan")
        if plan != nil && (!args.positionals.isEmpty || !args.values("--catalog").isEmpty) {
            throw CLIError.usage("--plan names the catalogs and corpora; give no --catalog or corpus beside it")
        }
        guard plan != nil || !args.positionals.isEmpty else { throw CLIError.usage("no corpus given") }
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
        let calibrateOnly = args.flag("--calibrate")
        if calibrateOnly && maxFA != nil { throw CLIError.usage("--max-false-accepts chooses a decision; --calibrate keeps the base one") }
        let meaningOnly = args.flag("--meaning-only")
        if meaningOnly && calibrateOnly { throw CLIError.usage("--meaning-only fits the encoder's rule and --calibrate the confidence's calibration: give one") }
        if meaningOnly && args.flag("--no-semantic") { throw CLIError.usage("--meaning-only fits the sentence encoder's rule; --no-semantic turns the encoder off") }
        let side = args.value("--side") ?? "both"
        guard ["both", "named", "no-app", "shared"].contains(side) else {
            throw CLIError.usage("--side takes both, named, no-app or shared, found '\(side)'")
        }
        if args.value("--side") != nil && (calibrateOnly || args.flag("--no-semantic")) {
            throw CLIError.usage("--side chooses the sentence encoder's rules; \(calibrateOnly ? "--calibrate" : "--no-semantic") fits none")
        }
        var base = MatchOptions()
        base.model = try CatalogOptions.scoreModel(args, ctx)
        // --meaning-only: the base model's decision stays whole; its encoder rule is the bar.
        if calibrateOnly {
            if base.model.logistic != nil {
                throw CLIError.usage("the base model's decision is fitted (decision.logistic), which gives the confidence; --calibrate needs a model decided by its thresholds")
            }
            base.model.calibration = nil
            base.model.refusal = nil
        } else if !meaningOnly {
            base.model.logistic = nil
        }
        let groups: [Group]
        if let plan {
            groups = try FitPlan.read(plan, ctx)
        } else {
            let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
            let (items, errors) = try CatalogOptions.readCorpora(args.positionals, ctx)
            if let e = errors.first { throw CLIError.input(e.oneLine) }
            groups = [Group(name: "corpus", catalogs: catalogs, items: items)]
        }
        let allItems = groups.flatMap(\.items)
        let tuneCount = allItems.filter { $0.split == .tune }.count, testCount = allItems.count - tuneCount
        // Too few lines to say anything: the held-out accuracy the refusal rule reads (and the tune
        // accuracy the threshold is chosen by) would be known only within more than ±10 points.
        let least = DecisionFit.minimumLines()
        if tuneCount < least || testCount < least {
            ctx.err("phrasematch fit: refused: \(tuneCount) tune line\(tuneCount == 1 ? "" : "s") (even line numbers) and \(testCount) held-out "
                    + "line\(testCount == 1 ? "" : "s") (odd) are too few; a fit needs at least \(least) of each, so that an accuracy measured "
                    + "on them is known within ±\(Int(DecisionFit.maxHalfWidth * 100)) points (95% Wilson interval; on \(min(tuneCount, testCount)) "
                    + "lines: ±\(Int((DecisionFit.wilsonHalfWidth(0.5, n: min(tuneCount, testCount)) * 100).rounded())) points); nothing written\n")
            return ExitCode.checkFailed
        }
        // With the sentence encoder, the fit reads its evidence too (`semantic.logistic`).
        let encoder = try CatalogOptions.encoder(args, ctx)
        if meaningOnly && encoder == nil {
            throw CLIError.input("--meaning-only needs the sentence encoder's weights (--encoder FILE, $PHRASEENGINE_ENCODER or Models/e5-small-q4.bin)")
        }
        let vectorCache = CatalogOptions.vectorCache(ctx)
        let progress = ProgressLine.make(ctx, args, label: "fit")
        let from = plan.map { "the plan \(CatalogOptions.displayPath(CatalogOptions.resolvePath($0, ctx), ctx)) (\(groups.count) groups)" }
            ?? "\(args.positionals.count) corpus files"
        // The samples of every group's tune lines, pooled.
        var tune: [DecisionFit.Sample] = []
        var baseMatchers: [Matcher] = []
        for (k, g) in groups.enumerated() {
            progress?.update(k, 2 * groups.count, detail: g.name)
            let matcher = Matcher(catalogs: g.catalogs, options: base, encoder: encoder, vectorCache: vectorCache)
            baseMatchers.append(matcher)
            // The phrase vectors of the lines' locales, before the lines.
            if !calibrateOnly { matcher.prepareSemantic(for: g.items) }
            let samples = DecisionFit.samples(g.items, matcher: matcher, threads: threads, meaning: !calibrateOnly)
            tune += zip(g.items, samples).filter { $0.0.split == .tune }.map { var x = $0.1; x.weight = g.weight; return x }
        }
        if calibrateOnly {
            return try calibrate(groups, tune, base, output: output, from: from, tuneCount: tuneCount, testCount: testCount,
                                 threads: threads, progress: progress, ctx)
        }
        var fitted = base
        let weights: DecisionWeights?, tau: Double, rescue: Bool, cap: Double
        let decisionText: String
        let p = { (x: Double) in String(format: "%.1f%%", 100 * x) }
        let figures = { (x: (accuracy: Double, falseAccepts: Double)) in "accuracy \(p(x.accuracy)), false accepts \(p(x.falseAccepts))" }
        let onTune = "on the tune lines\(groups.contains { $0.weight != 1 } ? ", weighted" : ""): "
        if meaningOnly {
            // The base decision as it is: the encoder's rule reads the lines it refuses, within
            // its false accepts on the tune lines (or --max-false-accepts).
            (weights, tau, rescue) = (base.model.logistic, base.model.confidenceThreshold, base.model.rescue)
            let before = DecisionFit.figures(tune, weights: weights, tau: tau, rescue: rescue)
            cap = maxFA ?? before.falseAccepts
            decisionText = onTune + "the base model's decision (kept) \(figures(before))\n"
        } else {
            let before = DecisionFit.figures(tune, weights: nil, tau: 0.5)
            let w = DecisionFit.fit(tune)
            // Two ways to use the confidence — in place of the thresholds, or only to run more than
            // they do (`decision.rescue`) — each at its best threshold; the tune lines choose.
            cap = maxFA ?? before.falseAccepts
            let tauReplace = DecisionFit.threshold(tune, weights: w, maxFalseAccepts: cap)
            let tauRescue = DecisionFit.threshold(tune, weights: w, maxFalseAccepts: cap, rescue: true)
            let asRescue = DecisionFit.figures(tune, weights: w, tau: tauRescue, rescue: true)
            let asReplace = DecisionFit.figures(tune, weights: w, tau: tauReplace)
            rescue = asRescue.accuracy > asReplace.accuracy + 1e-12
            tau = rescue ? tauRescue : tauReplace
            weights = w
            fitted.model.logistic = w
            fitted.model.confidenceThreshold = tau
            fitted.model.rescue = rescue
            fitted.model.refusal = DecisionFit.fitRefusal(tune, weights: w, tau: tau, rescue: rescue)
            decisionText = onTune + "the thresholds \(figures(before)); the confidence in their place \(figures(asReplace)); "
                + "the confidence beside them \(figures(asRescue)): chose \(rescue ? "beside" : "in their place")\n"
        }
        // The encoder's rule, fitted on the lines that decision refuses where the encoder reads
        // them, within the same false accepts; none more accurate there than the base model's
        // limits: those stay.
        var meaningText = ""
        if encoder != nil {
            // The bar is the base model's rule, which the samples were read with (`ruleRuns`).
            let read = DecisionFit.readWhereRefused(tune, weights: weights, tau: tau, rescue: rescue)
            // Each rule fitted: its side's name ("" one for both), the lines it was fitted on, itself.
            var rules: [(name: String, lines: Int, rule: SemanticWeights?)] = []
            if side == "shared" {
                let sem = DecisionFit.fitSemantic(tune, weights: weights, tau: tau, rescue: rescue, maxFalseAccepts: cap)
                if let sem { fitted.model.semantic.fitted = sem }
                rules.append(("", read.count, sem))
            } else {
                let (named, noApp) = DecisionFit.fitSemanticSides(tune, weights: weights, tau: tau, rescue: rescue, maxFalseAccepts: cap,
                                                                  named: side != "no-app", noApp: side != "named")
                if side != "named" {
                    if let noApp { fitted.model.semantic.noAppFitted = noApp }
                    rules.append(("results that name no app", read.filter { !$0.meaningNamed }.count, noApp))
                }
                if side != "no-app" {
                    if let named { fitted.model.semantic.namedFitted = named }
                    rules.append(("results whose utterance named the app", read.filter(\.meaningNamed).count, named))
                }
            }
            for (name, lines, sem) in rules {
                let what = "the meaning (sentence encoder)" + (name.isEmpty ? "" : " for \(name)") + ", on \(lines) refused tune lines it reads: "
                if let sem {
                    let proposals = sem.readsProposals ? "runs the encoder's proposals too" : "runs no proposal (the tune lines are better without)"
                    let label = name.isEmpty ? "meaning" : name.hasSuffix("no app") ? "meaning (no app)" : "meaning (named)"
                    meaningText += what + "confidence a refused result needs \(JSONOut.formatNumber(sem.threshold)); \(proposals)\n"
                        + label + " " + weightsText(sem.weights, bias: sem.bias, names: SemanticWeights.features) + "\n"
                } else {
                    meaningText += what + "no fitted rule is more accurate there than the base model's rule, which stays\n"
                }
            }
            if meaningOnly && fitted.model.semantic == base.model.semantic {
                ctx.out(decisionText + meaningText)
                ctx.err("phrasematch fit: refused: --meaning-only found no encoder rule better than the base model's on the tune lines; nothing written\n")
                return ExitCode.checkFailed
            }
        }
        fitted.model.source = "phrasematch fit\(meaningOnly ? " --meaning-only" : "") on \(tuneCount) tune lines of \(from), from: \(base.model.source)"
        // The real figures: both models through the matcher, on both splits, per group and pooled.
        func overall(_ xs: [Prediction], _ g: Group) -> Metrics {
            Evaluator.report(xs, seconds: 0, k: 3, errors: [], qualifyApps: g.catalogs.count > 1).overall
        }
        func measure(_ m: Matcher, _ g: Group) -> (tune: Metrics, heldOut: Metrics, predictions: [Prediction]) {
            let ps = Evaluator.run(g.items, matcher: m, threads: threads).predictions
            return (overall(ps.filter { $0.item.split == .tune }, g), overall(ps.filter { $0.item.split == .test }, g), ps)
        }
        var baseRows: [(tune: Metrics, heldOut: Metrics)] = []
        var basePredictions: [[Prediction]] = []
        for (k, g) in groups.enumerated() {
            progress?.update(groups.count + k, 2 * groups.count, detail: g.name)
            let b = measure(baseMatchers[k], g)
            baseRows.append((b.tune, b.heldOut))
            basePredictions.append(b.predictions)
        }
        // A model against the base on the held-out lines: worse where it was not fitted (less
        // accurate, or more than a point more false accepts) is refused.
        func trial(_ o: MatchOptions) -> (table: [(name: String, rows: [Metrics])], pooled: [Metrics], heldOut: [Prediction],
                                          predictions: [[Prediction]], why: String?) {
            var table: [(name: String, rows: [Metrics])] = []
            var heldOut: [Prediction] = []
            var all: [[Prediction]] = []
            for (k, g) in groups.enumerated() {
                progress?.update(groups.count + k, 2 * groups.count, detail: g.name)
                let f = measure(Matcher(catalogs: g.catalogs, options: o, encoder: encoder, vectorCache: vectorCache), g)
                heldOut += f.predictions.filter { $0.item.split == .test }
                all.append(f.predictions)
                table.append((g.name, [baseRows[k].tune, f.tune, baseRows[k].heldOut, f.heldOut]))
            }
            let pooled = (0..<4).map { r in FitPlan.pool(table.map { $0.rows[r] }) }
            let heldBase = pooled[2], heldFit = pooled[3]
            var why: String? = nil
            if heldFit.accuracy < heldBase.accuracy {
                why = "less accurate on the held-out lines (\(p(heldFit.accuracy)) < \(p(heldBase.accuracy)))"
            } else if heldFit.falseAcceptRate > heldBase.falseAcceptRate + FitCommand.falseAcceptRise + 1e-12 {
                why = "more false accepts on the held-out lines (\(p(heldFit.falseAcceptRate)), the base model \(p(heldBase.falseAcceptRate)))"
            }
            return (table, pooled, heldOut, all, why)
        }
        var result = trial(fitted)
        // Refused with the encoder's fitted rule: the same decision with the base model's rule,
        // which the held-out check judges as it would the whole fit.
        if let why = result.why, fitted.model.semantic != base.model.semantic, !meaningOnly {
            var wordsOnly = fitted
            wordsOnly.model.semantic = base.model.semantic
            let again = trial(wordsOnly)
            if again.why == nil {
                fitted = wordsOnly
                result = again
                meaningText = "the meaning's fitted rule is left out: with it the fitted decision is \(why); the base model's limits stay\n"
            }
        }
        let table = result.table, pooled = result.pooled, heldOutFitted = result.heldOut
        progress?.finish()
        var s = decisionText
        s += "fit on \(tuneCount) tune lines (even line numbers), checked on \(testCount) held-out lines (odd)\n"
        if groups.count > 1 {
            let width = max(5, table.map(\.name.count).max() ?? 5) + 2
            s += "group".padding(toLength: width, withPad: " ", startingAt: 0) + "tune in-domain (FA) base -> fitted      held-out in-domain (FA) base -> fitted\n"
            for (name, rows) in table + [("pooled", pooled)] {
                func cell(_ a: Metrics, _ b: Metrics) -> String {
                    "\(p(a.exactAccuracy)) (\(p(a.falseAcceptRate))) -> \(p(b.exactAccuracy)) (\(p(b.falseAcceptRate)))"
                }
                s += name.padding(toLength: width, withPad: " ", startingAt: 0) + cell(rows[0], rows[1]).padding(toLength: 38, withPad: " ", startingAt: 0)
                    + cell(rows[2], rows[3]) + "\n"
            }
        }
        // Both sides newly fitted: what each side's rule does alone, the other side as the base
        // model's rule runs it (a line's side is the utterance's, so each line is the fitted
        // model's where its side is that rule's, else the base model's).
        let sem = fitted.model.semantic, baseSem = base.model.semantic
        if sem.namedFitted != baseSem.namedFitted && sem.noAppFitted != baseSem.noAppFitted {
            s += "each side's rule alone, the other side the base model's: in-domain (FA)\n"
            let width = max(6, table.map(\.name.count).max() ?? 6) + 2
            s += "group".padding(toLength: width, withPad: " ", startingAt: 0)
                + "tune no-app alone    tune named alone     held-out no-app alone  held-out named alone\n"
            var cells: [[Metrics]] = []
            for (k, g) in groups.enumerated() {
                var row: [Metrics] = []
                for split in [CorpusItem.Split.tune, .test] {
                    for named in [false, true] {
                        let ps = zip(basePredictions[k], result.predictions[k]).filter { $0.0.item.split == split }.map { b, f in
                            FitCommand.side(b, f).map { $0 == named ? f : b } ?? f
                        }
                        row.append(overall(ps, g))
                    }
                }
                cells.append(row)
                if groups.count > 1 { s += FitCommand.sideRow(g.name, row, width: width) }
            }
            s += FitCommand.sideRow("pooled", (0..<4).map { r in FitPlan.pool(cells.map { $0[r] }) }, width: width)
        }
        let rows = [("tune", "base", pooled[0]), ("tune", "fitted", pooled[1]), ("held-out", "base", pooled[2]), ("held-out", "fitted", pooled[3])]
        s += "split     model   accuracy  in-domain  false accepts\n"
        for (split, model, m) in rows {
            s += split.padding(toLength: 10, withPad: " ", startingAt: 0) + model.padding(toLength: 8, withPad: " ", startingAt: 0)
                + p(m.accuracy).padding(toLength: 10, withPad: " ", startingAt: 0)
                + p(m.exactAccuracy).padding(toLength: 11, withPad: " ", startingAt: 0) + p(m.falseAcceptRate) + "\n"
        }
        if let weights {
            s += "confidence a result needs: \(JSONOut.formatNumber(tau))\(rescue ? " (or the thresholds: decision.rescue)" : "")\n"
            s += weightsText(weights) + "\n"
        }
        if let r = fitted.model.refusal, !meaningOnly { s += "refusal " + weightsText(r) + "\n" }
        s += meaningText
        if let r = Reliability(heldOutFitted) { s += "the confidence on the held-out lines: " + calibrationText(r) + "\n" }
        let why = result.why
        if let why {
            ctx.out(s)
            ctx.err("phrasematch fit: refused: the fitted \(meaningOnly ? "encoder rule" : "decision") is \(why); nothing written\n")
            return ExitCode.checkFailed
        }
        try AtomicFile.write(fitted.model.json.render(pretty: true) + "\n", to: CatalogOptions.resolvePath(output, ctx))
        ctx.out(s + "wrote \(output)\n")
        return ExitCode.success
    }

    /// The side of the encoder's rule that decided a line the base model (`b`) and the fitted
    /// one (`f`) decide differently: the utterance named the app of the result the meaning ran
    /// (true) or no app (false); nil where they agree (either is the line's).
    static func side(_ b: Prediction, _ f: Prediction) -> Bool? {
        guard b.decision != f.decision || b.got != f.got else { return nil }
        func byMeaning(_ p: Prediction) -> Bool? {
            switch p.why {
            case .meaning, .meaningConfident: return p.got?.appNamed
            default: return nil
            }
        }
        return byMeaning(f) ?? byMeaning(b) ?? f.closest?.appNamed
    }

    static func sideRow(_ name: String, _ row: [Metrics], width: Int) -> String {
        let p = { (x: Double) in String(format: "%.1f%%", 100 * x) }
        let cells = row.map { "\(p($0.exactAccuracy)) (\(p($0.falseAcceptRate)))" }
        return name.padding(toLength: width, withPad: " ", startingAt: 0)
            + cells.dropLast().map { $0.padding(toLength: 21, withPad: " ", startingAt: 0) }.joined() + (cells.last ?? "") + "\n"
    }

    /// "weights: bias …, score …, …" (3 decimals).
    static func weightsText(_ w: DecisionWeights) -> String { weightsText(w.weights, bias: w.bias, names: DecisionWeights.features) }

    static func weightsText(_ weights: [Double], bias: Double, names: [String]) -> String {
        var s = "weights: bias \(JSONOut.formatNumber((bias * 1000).rounded() / 1000))"
        for (n, x) in zip(names, weights) { s += ", \(n) \(JSONOut.formatNumber((x * 1000).rounded() / 1000))" }
        return s
    }

    static func calibrationText(_ r: Reliability) -> String { EvalFormats.calibrationFigures(r) + " (\(r.count) lines)" }

    /// `fit --calibrate`: the base model's decision, with a calibration of its confidence fitted
    /// on the tune lines given a result (`ScoreModel.calibration`) and one of a refusal's on the
    /// refused ones (`ScoreModel.refusal`). It decides nothing, so it is never refused.
    static func calibrate(_ groups: [Group], _ tune: [DecisionFit.Sample], _ base: MatchOptions, output: String, from: String,
                          tuneCount: Int, testCount: Int, threads: Int?, progress: ProgressLine?, _ ctx: CLIContext) throws -> Int32 {
        // A result's confidence is fitted on the lines given a result, a refusal's on the
        // refused ones: each tells how often the answer given is right.
        let weights = DecisionFit.fit(tune.filter { !$0.refusedNow }, everyLine: true)
        var fitted = base
        fitted.model.calibration = weights
        fitted.model.refusal = DecisionFit.fitRefusal(tune)
        // A calibration replaces the base's: its source is the base's before it was calibrated.
        var origin = base.model.source
        while origin.hasPrefix("phrasematch fit --calibrate on "), let r = origin.range(of: ", from: ") { origin = String(origin[r.upperBound...]) }
        fitted.model.source = "phrasematch fit --calibrate on \(tuneCount) tune lines of \(from), from: \(origin)"
        var rows: [(name: String, tune: [Prediction], heldOut: [Prediction])] = []
        for (k, g) in groups.enumerated() {
            progress?.update(groups.count + k, 2 * groups.count, detail: g.name)
            let ps = Evaluator.run(g.items, matcher: Matcher(catalogs: g.catalogs, options: fitted), threads: threads).predictions
            rows.append((g.name, ps.filter { $0.item.split == .tune }, ps.filter { $0.item.split == .test }))
        }
        progress?.finish()
        var s = "fit the calibration of the confidence on \(tuneCount) tune lines (even line numbers), checked on \(testCount) held-out lines (odd); "
            + "the decision is the base model's\n"
        func cell(_ r: Reliability?) -> String { r.map { String(format: "%.1f%%", 100 * $0.expectedCalibrationError) + " (\($0.count))" } ?? "-" }
        let pooled = ("pooled", rows.flatMap(\.tune), rows.flatMap(\.heldOut))
        let width = max(6, rows.map(\.name.count).max() ?? 6) + 2
        s += "group".padding(toLength: width, withPad: " ", startingAt: 0) + "tune ECE (lines)    held-out ECE (lines)\n"
        for (name, t, h) in (groups.count > 1 ? rows : []) + [pooled] {
            s += name.padding(toLength: width, withPad: " ", startingAt: 0) + cell(Reliability(t)).padding(toLength: 20, withPad: " ", startingAt: 0)
                + cell(Reliability(h)) + "\n"
        }
        if let r = Reliability(pooled.2) {
            s += "the confidence on the held-out lines: " + calibrationText(r) + "\n"
            s += EvalFormats.reliabilityTable(r)
        }
        s += weightsText(weights) + "\n"
        if let r = fitted.model.refusal { s += "refusal " + weightsText(r) + "\n" }
        try AtomicFile.write(fitted.model.json.render(pretty: true) + "\n", to: CatalogOptions.resolvePath(output, ctx))
        ctx.out(s + "wrote \(output)\n")
        return ExitCode.success
    }
}

/// A fit plan: many catalog sets, each with its corpora, fitted as one (`fit --plan FILE`).
///
///     {"format": "phrasematch-fit-plan",
///      "groups": [{"name": "habits", "catalogs": ["habits/catalog.json"], "corpora": ["habits/corpus/en.jsonl"]}, …]}
///
/// Paths are relative to the plan's folder. Every group is matched with its own catalogs; the
/// tune lines of all of them are pooled for the fit, each counting its group's `weight` (default
/// 1: a line is a line), and the report shows each group and the pool (counts added up, not
/// weighted).
enum FitPlan {
    static func read(_ path: String, _ ctx: CLIContext) throws -> [FitCommand.Group] {
        let full = CatalogOptions.resolvePath(path, ctx)
        let shown = CatalogOptions.displayPath(full, ctx)
        let data = try CatalogOptions.readInput(path, full, what: "a fit plan file")
        let bytes = Array(data), lines = LineTable(bytes)
        func fail(_ offset: Int, _ m: String) -> CLIError {
            let at = lines.position(of: offset)
            return CLIError.input("\(shown):\(at.line):\(at.column): \(m)")
        }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes) } catch { throw fail(error.offset, error.message) }
        guard root["format"]?.string == "phrasematch-fit-plan" else { throw fail(root.offset, "a fit plan has \"format\": \"phrasematch-fit-plan\"") }
        guard let list = root["groups"]?.array, !list.isEmpty else { throw fail(root.offset, "a fit plan needs a non-empty \"groups\" array") }
        let dir = URL(fileURLWithPath: full).deletingLastPathComponent().path
        var groups: [FitCommand.Group] = []
        var names = Set<String>()
        for g in list {
            guard let name = g["name"]?.string, !name.isEmpty else { throw fail(g.offset, "each group needs a \"name\"") }
            guard names.insert(name).inserted else { throw fail(g.offset, "group '\(name)' is given twice") }
            func paths(_ key: String) throws -> [String] {
                guard let a = g[key]?.array, !a.isEmpty else { throw fail(g.offset, "group '\(name)' needs a non-empty \"\(key)\" array of paths") }
                return try a.map { n in
                    guard let s = n.string else { throw fail(n.offset, "a path is a string, found \(n.typeName)") }
                    return s.hasPrefix("/") ? s : dir + "/" + s
                }
            }
            let catalogPaths = try paths("catalogs"), corpusPaths = try paths("corpora")
            let catalogs = try CatalogOptions.loadCatalogs(catalogPaths, ctx, what: "the catalogs of group '\(name)'")
            let (items, errors) = try CatalogOptions.readCorpora(corpusPaths, ctx)
            if let e = errors.first { throw CLIError.input(e.oneLine) }
            var weight = 1.0
            if let w = g["weight"] {
                guard let x = w.number, x > 0, x <= 1e6 else { throw fail(w.offset, "group '\(name)': \"weight\" must be a number above 0") }
                weight = x
            }
            groups.append(FitCommand.Group(name: name, catalogs: catalogs, items: items, weight: weight))
        }
        return groups
    }

    /// Metrics of several groups as one: rates weighted by the lines they are rates of.
    static func pool(_ ms: [Metrics]) -> Metrics {
        var out = Metrics()
        var right = 0.0, exact = 0.0, fa = 0.0
        for m in ms {
            out.count += m.count; out.inDomain += m.inDomain; out.outOfDomain += m.outOfDomain
            right += m.accuracy * Double(m.count)
            exact += m.exactAccuracy * Double(m.inDomain)
            fa += m.falseAcceptRate * Double(m.outOfDomain)
        }
        out.accuracy = out.count > 0 ? right / Double(out.count) : 0
        out.exactAccuracy = out.inDomain > 0 ? exact / Double(out.inDomain) : 0
        out.falseAcceptRate = out.outOfDomain > 0 ? fa / Double(out.outOfDomain) : 0
        return out
    }
}

import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct LintTests {
    @Test(arguments: Linter.rules.map(\.id))
    func examplesBehave(_ id: String) throws {
        let rule = try #require(Linter.rules.first { $0.id == id })
        let bad = try CatalogLoader.parse(rule.triggering, file: "bad.json")
        let good = try CatalogLoader.parse(rule.nonTriggering, file: "good.json")
        #expect(Linter.lint([bad], rules: [rule]).contains { $0.rule == id }, "\(id) did not trigger")
        #expect(!Linter.lint([good], rules: [rule]).contains { $0.rule == id }, "\(id) triggered on its counter-example")
    }

    @Test func ruleIdsAreStableKebabCase() {
        for r in Linter.rules {
            #expect(r.id.allSatisfy { $0.isLowercase || $0 == "-" })
            #expect(!r.fact.isEmpty)
        }
        #expect(Set(Linter.rules.map(\.id)).count == Linter.rules.count)
    }
}

import Foundation
import PhraseEngine
import PhraseMatchCLI

let status = PhraseMatchCLI.run(Array(CommandLine.arguments.dropFirst()), context: .standard())
exit(status)

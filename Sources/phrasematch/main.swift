import Foundation
import PhraseEngine

let status = PhraseMatchCLI.run(Array(CommandLine.arguments.dropFirst()), context: .standard())
exit(status)

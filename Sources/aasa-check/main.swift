import AASACheckKit
import Foundation

exit(AASACheck.main(Array(CommandLine.arguments.dropFirst()), console: .standard()))

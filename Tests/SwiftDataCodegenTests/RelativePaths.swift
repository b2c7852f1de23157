import Foundation
import SwiftDataConversion

extension ModelConversionResult {
    /// The result with the paths in its files relative to `root`, so goldens do not depend on the checkout's
    /// location.
    func relative(to root: URL) -> ModelConversionResult {
        var result = self
        let prefix = root.path + "/"
        result.files = files.map { file in
            var relative = file
            relative.contents = file.contents.replacingOccurrences(of: prefix, with: "")
            return relative
        }
        return result
    }
}

import Foundation
import RealmModelParser

/// Why a ``ModelConversion`` produced nothing.
public enum ModelConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// More than one `.realm` file among the inputs.
    case severalRealmFiles
    /// An encryption key was given but no input is a `.realm` file.
    case encryptionKeyWithoutRealmFile
    /// An input path that does not exist.
    case noSuchInput(String)
    /// Source inputs (files or folders) that hold no `.swift`, `.h`, `.m` or `.mm` file.
    case noSwiftSources
    /// The inputs declare no Realm model class; `diagnostics` are what parsing the sources reported.
    case noModelClasses(diagnostics: [Diagnostic])

    public var description: String {
        switch self {
        case .severalRealmFiles: "Give at most one .realm file."
        case .encryptionKeyWithoutRealmFile: "An encryption key applies only to a .realm file input."
        case .noSuchInput(let path): "No such file or folder: '\(path)'."
        case .noSwiftSources: "No .swift, .h, .m or .mm files found in the inputs."
        case .noModelClasses: "no Realm model classes found in the inputs."
        }
    }
}

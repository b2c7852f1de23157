import SwiftSourceSyntax

/// `--exclude GLOB`, shared by `realm models` and `realm audit`.
enum ExcludeOption {
    static let option = RepeatedOption(
        "--exclude", "GLOB",
        "Leave out sources whose path (relative to an input folder) matches, e.g. 'Generated/**' or '*.pb.swift'."
    ) { text, _ in PathGlob(text) }
}

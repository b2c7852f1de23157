/// A problem found reading Objective-C source, tied to a line; reading goes on after every one.
package struct ObjectiveCProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    package enum Kind: Sendable, Hashable {
        /// A `/*` comment never closed.
        case unterminatedComment
        /// A string or character literal not closed on its line.
        case unterminatedLiteral
        /// A bracket closed that was never opened, or a declaration whose `@end` is missing.
        case unbalanced
        /// Declarations under `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`: both branches are read, the condition is
        /// not evaluated (`condition` as written, `!(…)` for an `#else`).
        case conditionalCompilation(condition: String)
        /// A macro whose expansion the reader cannot know (`MY_PROPERTY(name)` inside an `@interface`).
        case unexpandedMacro(name: String)
        /// A declaration the reader could not follow (`@property` without a name).
        case unreadableDeclaration
    }

    /// The 1-based line.
    package var line: Int
    /// What kind of problem it is.
    package var kind: Kind
    /// One sentence saying what it is.
    package var message: String

    /// Creates a problem.
    package init(line: Int, kind: Kind, message: String) {
        self.line = line
        self.kind = kind
        self.message = message
    }

    /// `line N: message`.
    package var description: String { "line \(line): \(message)" }
}

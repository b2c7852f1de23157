import SwiftSourceSyntax

/// Realm types and initializers named by an identifier: `Realm(…)`, `Realm.Configuration`, `ThreadSafeReference`,
/// `NotificationToken`, `App(id:)`, `SyncConfiguration`, `Results<T>`, and configuration arguments.
extension ExpressionScanner {
    private static let types: [String: RealmAPI] = [
        "ThreadSafeReference": .threadSafeReference, "NotificationToken": .notificationToken,
        "RLMNotificationToken": .notificationToken, "SyncConfiguration": .syncConfiguration,
        "SyncSession": .syncSession, "MigrationBlock": .migrationBlock, "RLMMigrationBlock": .migrationBlock,
    ]

    /// Labels of `Realm.Configuration(…)` (and of sync configurations) and what each sets.
    private static let configurationLabels: [String: RealmAPI] = [
        "fileURL": .fileURL, "inMemoryIdentifier": .inMemoryIdentifier, "objectTypes": .objectTypes,
        "readOnly": .readOnly, "schemaVersion": .schemaVersion, "migrationBlock": .migrationBlock,
        "deleteRealmIfMigrationNeeded": .deleteRealmIfMigrationNeeded, "encryptionKey": .encryptionKey,
        "syncConfiguration": .syncConfiguration, "shouldCompactOnLaunch": .shouldCompactOnLaunch,
    ]

    mutating func scanIdentifier(at index: Int) {
        guard let token = navigator[index] else { return }
        let isMember = navigator.isPunctuation(index - 1, ".")
        let isQualified = isMember && navigator.isIdentifier(index - 2, "RealmSwift")
        if let api = Self.types[token.text], !isMember || isQualified {
            add(api, at: index)
            return
        }
        if navigator.isPunctuation(index + 1, ":"), let api = Self.configurationLabels[token.text],
            let callee = enclosingCallee, isConfigurationCall(callee)
        {
            add(api, at: index)
            return
        }
        guard !isMember || isQualified else { return }
        switch token.text {
        case "Realm": scanRealm(at: index)
        case "objects", "object", "filter", "sorted", "where", "distinct": _ = scanImplicitQuery(at: index)
        case "App" where navigator.isCallParenthesis(index + 1) && navigator.isIdentifier(index + 2, "id"):
            add(.app, at: index)
        case "Results" where navigator[index + 1]?.isOperator("<") == true:
            add(.resultsType, at: index)
        case "Migration" where navigator.isPunctuation(index - 1, ":") && isClosureParameterType(at: index):
            // `{ (migration: Migration, oldSchemaVersion: UInt64) in … }`: a migration block not typed MigrationBlock.
            add(.migrationBlock, at: index)
        case "valuePublisher" where navigator.isCallParenthesis(index + 1):
            add(.valuePublisher, at: index)
        case "changesetPublisher" where navigator.isCallParenthesis(index + 1):
            add(.changesetPublisher, at: index)
        default:
            break
        }
    }

    /// Whether the type at `index` is in a closure's parameter list (`{ (migration: Migration, …) in`).
    private func isClosureParameterType(at index: Int) -> Bool {
        var cursor = index + 1
        var depth = 0
        while let token = navigator[cursor], cursor - index < 64 {
            if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") {
                if depth == 0 { return token.isPunctuation(")") && navigator.isIdentifier(cursor + 1, "in") }
                depth -= 1
            }
            if token.isPunctuation("{") || token.isPunctuation("}") { return false }
            cursor += 1
        }
        return false
    }

    private func isConfigurationCall(_ callee: Token) -> Bool {
        callee.isIdentifier("Configuration") || callee.isIdentifier("flexibleSyncConfiguration")
            || callee.isIdentifier("configuration")
    }

    /// `Realm()`, `Realm(configuration:)`, `Realm(fileURL:)`, `Realm(queue:)`, `Realm(actor:)`,
    /// `Realm.Configuration…`, `Realm.asyncOpen`.
    private mutating func scanRealm(at index: Int) {
        if navigator.isCallParenthesis(index + 1) {
            let first = navigator.labels(ofCallAt: index + 1).first
            let api: RealmAPI =
                switch first {
                case "configuration": .realmConfigurationInit
                case "fileURL": .realmFileURLInit
                case "queue": .realmQueue
                case "actor": .realmActor
                default: .realmInit
                }
            // Inside a background closure it is a Realm opening and a threading use: both are reported.
            if api.category == .realmOpen && isInDispatchClosure { add(.realmInDispatchAsync, at: index) }
            add(api, at: index)
            return
        }
        guard navigator.isPunctuation(index + 1, "."), let member = navigator[index + 2] else { return }
        switch member.text {
        case "Configuration":
            let isDefault =
                navigator.isPunctuation(index + 3, ".") && navigator.isIdentifier(index + 4, "defaultConfiguration")
            add(isDefault ? .defaultConfiguration : .configuration, at: index)
        case "asyncOpen":
            add(.asyncOpen, at: index)
        default:
            break
        }
    }
}

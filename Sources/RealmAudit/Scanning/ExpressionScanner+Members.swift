import SwiftSourceSyntax

/// Realm methods and properties reached with `.`: writes, observation, threading, migration, sync, and
/// configuration properties. Each is decided by its name, its call shape and, for common names, its receiver.
extension ExpressionScanner {
    /// Members whose names only Realm uses: reported whatever the receiver (inferred when it is not known).
    private static let realmOnlyMembers: [String: RealmAPI] = [
        "writeAsync": .writeAsync, "asyncWrite": .asyncWrite, "beginWrite": .beginWrite,
        "commitWrite": .commitWrite, "cancelWrite": .cancelWrite, "beginAsyncWrite": .beginWrite,
        "commitAsyncWrite": .commitWrite, "collectionPublisher": .collectionPublisher,
        "changesetPublisher": .changesetPublisher, "flexibleSyncConfiguration": .flexibleSyncConfiguration,
        "addNotificationBlock": .addNotificationBlock, "shouldCompactOnLaunch": .shouldCompactOnLaunch,
        "isFrozen": .isFrozen,
    ]

    /// Members with common names, reported only on a receiver of the right kind (declared, or named like one).
    private static let receiverMembers: [String: (kind: ReceiverKind, api: RealmAPI)] = [
        "schemaVersion": (.configuration, .schemaVersion), "migrationBlock": (.configuration, .migrationBlock),
        "deleteRealmIfMigrationNeeded": (.configuration, .deleteRealmIfMigrationNeeded),
        "encryptionKey": (.configuration, .encryptionKey), "inMemoryIdentifier": (.configuration, .inMemoryIdentifier),
        "fileURL": (.configuration, .fileURL), "readOnly": (.configuration, .readOnly),
        "objectTypes": (.configuration, .objectTypes), "syncConfiguration": (.configuration, .syncConfiguration),
        "syncSession": (.realm, .syncSession), "subscriptions": (.realm, .subscriptions),
        "currentUser": (.realmApp, .currentUser), "syncManager": (.realmApp, .syncManager),
        "logOut": (.syncUser, .logOut), "functions": (.syncUser, .functions), "create": (.migration, .migrationChange),
        "delete": (.migration, .migrationChange), "refresh": (.realm, .refresh),
        "invalidate": (.notificationToken, .invalidateToken),
    ]

    /// Members called with a first argument label only Realm uses.
    private static let labelledMembers: [String: (label: String, api: RealmAPI)] = [
        "object": ("ofType", .objectForPrimaryKey), "enumerateObjects": ("ofType", .enumerateObjects),
        "renameProperty": ("onType", .renameProperty), "deleteData": ("forType", .deleteData),
        "configuration": ("partitionValue", .partitionConfiguration), "login": ("credentials", .login),
    ]

    mutating func scanMember(dot: Int) {
        guard let name = navigator[dot + 1], name.kind == .identifier else { return }
        let member = dot + 1
        if ["objects", "object", "filter", "where", "sorted", "distinct"].contains(name.text), member > queryChainEnd,
            scanQueryChain(dot: dot)
        {
            return
        }
        let receiver = receiver(ofDot: dot)
        if let api = Self.realmOnlyMembers[name.text] {
            add(api, at: member, inference: receiver.kind == .unknown ? "recognised by its name" : receiver.inference)
            return
        }
        if name.text == "invalidate", receiver.kind == .realm, navigator.isCallParenthesis(member + 1) {
            add(.invalidateRealm, at: member, inference: receiver.inference)
            return
        }
        if let entry = Self.receiverMembers[name.text], entry.kind == receiver.kind {
            add(entry.api, at: member, inference: receiver.inference)
            return
        }
        if let entry = Self.labelledMembers[name.text], navigator.isCallParenthesis(member + 1),
            navigator.labels(ofCallAt: member + 1).first == entry.label
        {
            add(entry.api, at: member, inference: receiver.inference)
            return
        }
        if navigator[dot - 1]?.text.hasPrefix("$") == true, ["append", "remove", "move"].contains(name.text) {
            add(.boundCollectionWrite, at: dot - 1, inference: "a projected value's method (@ObservedResults)")
            return
        }
        switch name.text {
        case "write": scanWrite(member, receiver)
        case "add", "create", "delete", "deleteAll": scanObjectChange(member, receiver)
        case "observe": scanObserve(member, receiver)
        case "freeze", "thaw":
            guard navigator.isCallParenthesis(member + 1), navigator.isPunctuation(member + 2, ")") else { return }
            add(name.text == "freeze" ? .freeze : .thaw, at: member, inference: receiver.inference)
        case "resolve" where receiver.isRealm && navigator.isCallParenthesis(member + 1):
            add(.resolve, at: member, inference: receiver.inference)
        case "objectWillChange"
        where [.realmCollection, .modelObject, .realm].contains(receiver.kind)
            && !navigator.isIdentifier(member + 2, "send"):
            add(.objectWillChange, at: member, inference: receiver.inference)
        default:
            break
        }
    }

    /// `realm.write { }` and `realm.write(withoutNotifying:) { }`; a `write` of a file handle or stream is not.
    private mutating func scanWrite(_ member: Int, _ receiver: Receiver) {
        let hasClosure =
            navigator.isPunctuation(member + 1, "{")
            || (navigator.isCallParenthesis(member + 1)
                && (navigator.isPunctuation(navigator.after(member + 1), "{")
                    || navigator.labels(ofCallAt: member + 1).first == "withoutNotifying"
                    || navigator.isPunctuation(member + 2, "{")))
        guard hasClosure else { return }
        switch receiver.kind {
        case .realm: add(.write, at: member, inference: receiver.inference)
        case .unknown: add(.write, at: member, inference: "receiver type not known; recognised by its trailing closure")
        default: break
        }
    }

    /// `add`, `create`, `delete`, `deleteAll` of a Realm (declared, named like one, or inside a `write` closure).
    private mutating func scanObjectChange(_ member: Int, _ receiver: Receiver) {
        guard let name = navigator[member], navigator.isCallParenthesis(member + 1) else { return }
        var inference = receiver.inference
        if receiver.kind != .realm {
            guard receiver.kind == .unknown, isInWriteClosure else { return }
            inference = "receiver type not known; inside a write closure"
        }
        let labels = navigator.labels(ofCallAt: member + 1)
        switch name.text {
        case "add": add(.add, at: member, inference: inference, effort: labels.contains("update") ? .moderate : nil)
        case "create": add(.create, at: member, inference: inference)
        case "delete": add(.delete, at: member, inference: inference)
        default: add(.deleteAll, at: member, inference: inference)
        }
    }

    /// `observe { changes in }`, `observe(on:)`, `observe(keyPaths:)`; a KVO `observe(\.keyPath)` is not Realm's.
    private mutating func scanObserve(_ member: Int, _ receiver: Receiver) {
        let trailing = navigator.isPunctuation(member + 1, "{")
        guard trailing || navigator.isCallParenthesis(member + 1) else { return }
        // Realm's block is its last, unlabelled argument: `observe(on: scheduler)` is Rx's or Combine's.
        let block = navigator.isPunctuation(navigator.after(member + 1), "{")
        if !trailing && !block && navigator.labels(ofCallAt: member + 1).last != "_" { return }
        if !trailing, let first = navigator.firstArgument(ofCallAt: member + 1),
            navigator[first]?.isOperator("\\") == true, receiver.kind != .realmCollection, receiver.kind != .realm
        {
            return
        }
        guard ![.swiftCollection, .dispatchQueue].contains(receiver.kind) else { return }
        add(.observe, at: member, inference: receiver.kind == .unknown ? "receiver type not known" : receiver.inference)
    }
}

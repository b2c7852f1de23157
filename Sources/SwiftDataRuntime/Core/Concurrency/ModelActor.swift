/// An interface for providing mutually-exclusive access to the attributes of a conforming model.
///
/// Don't conform by hand: `@ModelActor` adds ``modelContainer``, ``modelExecutor`` and `init(modelContainer:)`,
/// which makes a ``DefaultSerialModelExecutor`` over a new ``ModelContext`` of the container. The actor runs on
/// that executor (``unownedExecutor``), so its code is the only code using ``modelContext``. Models are not
/// `Sendable`: hand ``PersistentIdentifier``s between actors and read them back with the subscript.
///
/// ```swift
/// @ModelActor actor TrackStore {
///     func titles() throws -> [String] { try modelContext.fetch(FetchDescriptor<Track>()).map(\.title) }
/// }
/// let store = TrackStore(modelContainer: container)
/// ```
public protocol ModelActor: Actor {
    /// The container that manages the app's schema and model storage configuration.
    nonisolated var modelContainer: ModelContainer { get }
    /// The executor that coordinates access to the model actor. Don't use it to reach the context: use
    /// ``modelContext``.
    nonisolated var modelExecutor: any ModelExecutor { get }
}

extension ModelActor {
    /// The optimized, unowned reference to the model actor's executor.
    ///
    /// `@ModelActor` always installs a serial executor; an actor that conforms by hand with an executor that is not
    /// a ``SerialModelExecutor`` is a programmer error and traps here, when the actor is first scheduled. No input
    /// reaches the trap: the executor is chosen by compiled code, never read from a file or a store, and Apple's
    /// API gives this property no way to throw.
    /// And no app can reach it at launch: this runtime is the Linux stand-in for SwiftData that the tests and
    /// `realm rehearse` run on; `Package.swift` builds it only under `#if os(Linux)`, and an app gets Apple's SwiftData.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        guard let serial = modelExecutor as? any SerialModelExecutor else {
            preconditionFailure("a ModelActor's modelExecutor must be a SerialModelExecutor")
        }
        return serial.asUnownedSerialExecutor()
    }

    /// The context that serializes any code running on the model actor.
    public var modelContext: ModelContext { modelExecutor.modelContext }

    /// Returns the model for the specified identifier, downcast to the appropriate class.
    ///
    /// A model the actor's context already holds is returned as is; otherwise it is read from the store (so an
    /// identifier handed over from another actor, once saved there, finds the row). `nil` when there is no such
    /// model or it is of another class.
    public subscript<T>(id: PersistentIdentifier, as as: T.Type) -> T? where T: PersistentModel {
        if let registered: T = modelContext.registeredModel(for: id) { return registered }
        return modelContext.model(for: id) as? T
    }
}

import SwiftDataCodegen

/// Converts Realm query chains (`realm.objects(Dog.self).filter("…", args…).sorted(byKeyPath:).first`,
/// `dogs.where { … }`) into SwiftData fetches over the models generated from the same Realm models.
///
/// ```swift
/// let models = try ModelConversion(inputs: [modelsFolder]).run()
/// let converter = RealmQueryConverter(catalog: models.catalog)
/// let conversion = converter.convert(#"realm.objects(Dog.self).filter("age > %@", minAge).first"#)
/// print(conversion.code ?? conversion.problems.map(\.message).joined(separator: "\n"))
/// ```
public struct RealmQueryConverter: Sendable {
    /// The generated models' names and shapes.
    public var catalog: GeneratedModelCatalog
    /// The `ModelContext` the generated code fetches with.
    public var contextName: String

    /// Creates a converter for the models in `catalog`.
    public init(catalog: GeneratedModelCatalog, contextName: String = "context") {
        self.catalog = catalog
        self.contextName = contextName
    }

    /// Converts one query chain.
    /// - Parameters:
    ///   - chain: The source text of the whole chain expression.
    ///   - elementClass: The Realm class of the chain's elements when it does not start with `objects(X.self)`
    ///     (a `Results<Dog>` variable, for instance).
    ///   - modelNames: Class names as the chain's code writes them → the models' names, where its target sees a
    ///     model named apart from another target's (`CoinTicker` → `TickerWidgetCoinTicker`).
    /// - Returns: The conversion; never throws: unreadable or unsupported input is a ``QueryConversion/Problem``.
    public func convert(_ chain: String, elementClass: String? = nil, modelNames: [String: String] = [:])
        -> QueryConversion
    {
        var result = QueryConversion(
            outcome: .notConvertible, bindings: [], sortDescriptors: [], execution: .fetch, resultName: "results",
            notes: [], problems: [])
        let parsed: QueryChain
        do {
            parsed = try QueryChain.parse(chain)
        } catch {
            result.problems.append(
                .init(
                    message: "cannot read the query: \(error.message)", offset: error.offset, instead: "check the query"
                ))
            return result
        }
        // A nested class is named with its enclosing types in source (`Entity.Song.self`), by itself in Realm.
        let named = (parsed.className ?? elementClass).map { written in
            let name = written.split(separator: ".").last.map(String.init) ?? written
            return modelNames[name] ?? name
        }
        guard let realmClass = named, let model = catalog[realmClass: realmClass] else {
            let name = parsed.className ?? elementClass
            result.problems.append(
                .init(
                    message: name.map { "'\($0)' is not a class of the models" } ?? "the queried class is unknown",
                    offset: nil, instead: "pass the element class, or the model source that declares it"))
            return result
        }
        result.realmClass = realmClass
        result.modelType = model.swiftName
        guard !model.isEmbedded else {
            result.problems.append(
                .init(
                    message: "\(realmClass) is an embedded object, generated as a struct: SwiftData cannot fetch it",
                    offset: nil, instead: "fetch the models that hold it"))
            return result
        }
        var steps = parsed.steps
        if let key = parsed.primaryKeyArgument {
            // `object(ofType:forPrimaryKey:)` is the query `filter("<key> == %@", key).first`.
            guard let primaryKey = model.primaryKey, steps.isEmpty else {
                result.problems.append(
                    .init(
                        message: model.primaryKey == nil
                            ? "\(realmClass) has no primary key in the models" : "steps after a primary-key lookup",
                        offset: nil, instead: "give the model source that declares its primary key"))
                return result
            }
            steps = [.filter(format: "\(primaryKey) == %@", arguments: [key], offset: 0), .first]
        }
        var plan = FetchPlan(converter: self, model: model, source: chain)
        plan.matchesAtMostOne = parsed.primaryKeyArgument != nil
        plan.apply(steps)
        return plan.finish(into: result)
    }
}

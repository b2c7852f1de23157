import ObjectiveCSourceSyntax
import RealmSchema
import SwiftDataCodegen

/// What a model class's Realm class methods say about its properties, as Objective-C resolves them (the class's
/// own method, else its superclass's; Realm's default when none): `+ignoredProperties`, `+indexedProperties`,
/// `+requiredProperties`, `+linkingObjectsProperties` (realm-swift `Realm/RLMObjectSchema.mm`,
/// `+propertiesForClass:isSwift:` asks each class of the hierarchy for its own properties).
struct ObjectiveCClassSettings {
    var ignored: Set<String> = []
    var indexed: Set<String> = []
    var required: Set<String> = []
    /// `+linkingObjectsProperties`: property → (origin class, origin property).
    var linking: [String: (className: String, propertyName: String)] = [:]
}

extension ObjectiveCModelExtractor {
    /// The settings of `className`; problems reading them become diagnostics.
    mutating func settings(of className: String) -> ObjectiveCClassSettings {
        var settings = ObjectiveCClassSettings()
        settings.ignored = Set(stringList("ignoredProperties", of: className))
        settings.indexed = Set(stringList("indexedProperties", of: className))
        settings.required = Set(stringList("requiredProperties", of: className))
        if let (method, _, file) = catalog.classMethod("linkingObjectsProperties", of: className) {
            let location = SourceLocation(file: file, line: method.line)
            guard let value = ObjectiveCReturnValue(body: method.body, constants: catalog.stringConstants),
                let entries = value.dictionaryEntries
            else {
                warn(
                    location,
                    "+linkingObjectsProperties does not return a dictionary literal; its inverses are not read")
                return settings
            }
            for entry in entries {
                guard let key = entry.key, let descriptor = entry.value.propertyDescriptor else {
                    warn(
                        SourceLocation(file: file, line: entry.line),
                        "an entry of +linkingObjectsProperties is not '@\"name\": [RLMPropertyDescriptor "
                            + "descriptorWithClass:… propertyName:@\"…\"]'; not read")
                    continue
                }
                settings.linking[key] = descriptor
            }
        }
        return settings
    }

    /// The names a class method returning an array of property names returns (`+ignoredProperties`…), the
    /// superclass's added where it calls `super`.
    mutating func stringList(_ selector: String, of className: String, depth: Int = 0) -> [String] {
        guard depth < 32, let (method, owner, file) = catalog.classMethod(selector, of: className) else { return [] }
        let location = SourceLocation(file: file, line: method.line)
        guard let value = ObjectiveCReturnValue(body: method.body, constants: catalog.stringConstants) else {
            warn(location, "+\(selector) of '\(owner)' has no 'return' that can be read; taken as empty")
            return []
        }
        if value.isNil { return [] }
        var names = value.strings
        if value.mentionsSuper, let superclass = catalog.classes[owner]?.superclass {
            names = stringList(selector, of: superclass, depth: depth + 1) + names
        }
        if !value.isPlainStringList {
            warn(
                location,
                "+\(selector) of '\(owner)' computes its list; only the names it writes out are read ("
                    + (names.isEmpty ? "none" : names.joined(separator: ", ")) + ")")
        }
        return names
    }

    /// The one name `+primaryKey` returns for `className`, `nil` for none (or one that cannot be read, reported).
    mutating func primaryKey(of className: String) -> String? {
        guard let (method, owner, file) = catalog.classMethod("primaryKey", of: className) else { return nil }
        guard let value = ObjectiveCReturnValue(body: method.body, constants: catalog.stringConstants) else {
            warn(SourceLocation(file: file, line: method.line), "+primaryKey of '\(owner)' cannot be read")
            return nil
        }
        if value.isNil { return nil }
        guard let name = value.string else {
            warn(
                SourceLocation(file: file, line: method.line),
                "+primaryKey of '\(owner)' does not return one string literal or constant; no primary key is read")
            return nil
        }
        return name
    }

    /// Whether `+shouldIncludeInDefaultSchema` keeps `className` in the default schema (Realm's default: yes).
    mutating func isInDefaultSchema(_ className: String) -> Bool {
        guard let (method, owner, file) = catalog.classMethod("shouldIncludeInDefaultSchema", of: className) else {
            return true
        }
        guard let answer = ObjectiveCReturnValue(body: method.body, constants: catalog.stringConstants)?.bool else {
            warn(
                SourceLocation(file: file, line: method.line),
                "+shouldIncludeInDefaultSchema of '\(owner)' does not return YES or NO; '\(className)' is converted")
            return true
        }
        return answer
    }

    /// `+defaultPropertyValues` of `className`: the entries as written, by property name.
    mutating func defaultValues(of className: String) -> [String: (
        value: ObjectiveCReturnValue, location: SourceLocation
    )] {
        guard let (method, owner, file) = catalog.classMethod("defaultPropertyValues", of: className) else {
            return [:]
        }
        guard let value = ObjectiveCReturnValue(body: method.body, constants: catalog.stringConstants),
            let entries = value.dictionaryEntries
        else {
            warn(
                SourceLocation(file: file, line: method.line),
                "+defaultPropertyValues of '\(owner)' does not return a dictionary literal; its defaults are not "
                    + "carried over")
            return [:]
        }
        var result: [String: (ObjectiveCReturnValue, SourceLocation)] = [:]
        for entry in entries {
            guard let key = entry.key else { continue }
            result[key] = (entry.value, SourceLocation(file: file, line: entry.line))
        }
        return result
    }
}

// Writes a .realm file with any schema at any schema version, filled with deterministic pseudo-random objects,
// through realm-core's Object Store as realm-swift writes it: for files at an app's old schema version (the real
// apps of Tests/Fixtures/schema-upgrade/real-apps) that the in-app migration then upgrades with the app's current
// models and migration block. Our own program; it links a realm-core build that is fetched and never committed (see
// scripts/build-realm-tools).
//
//   write-schema-file SCHEMA.json VERSION OBJECTS_PER_CLASS SEED OUTPUT.realm [VALUES.json]
//
// SCHEMA.json is Carryover's neutral schema (`RealmSchema.Schema`) in its Codable form:
//   {"version": 3, "objectTypes": [{"name": "Person", "kind": "topLevel", "primaryKey": "id", "properties": [
//       {"name": "id", "type": "string", "isOptional": false, "collection": "single", "isIndexed": true}, …]}]}
// with `kind` topLevel or embedded, `type` one of int bool float double string data date decimal128 objectId uuid
// mixed object linkingObjects, `collection` single list set dictionary, `objectClassName` for links and linking
// objects, `linkOriginPropertyName` for linking objects, `isIndexed` / `isFullTextIndexed`; missing members take
// the Swift defaults (not optional, single, not indexed). The file is written at VERSION (the schema's own
// `version`, if any, must agree). Properties are declared as realm-swift declares them: primary keys indexed, to-one
// links and dictionary values of links nullable, `AnyRealmValue` nullable, list and set elements as optional as the
// schema says.
//
// The file is created as realm-swift opens a Realm: `Realm::get_shared_realm` with no schema and a dummy scheduler,
// then `update_schema(schema, VERSION)` in `SchemaMode::Automatic`; then one write transaction adds the objects and
// the file is closed. Every top-level class gets OBJECTS_PER_CLASS objects, with values drawn from SEED only (the
// same arguments give the same objects):
//   - primary keys unique: ints increasing with gaps, strings uppercase UUIDs as Swift's `UUID().uuidString`,
//     ObjectIds and UUIDs random;
//   - optional values (and optional collection elements) null about one time in five;
//   - strings of one to four words, now and then empty or not ASCII; dates between 2016 and 2025 to the
//     millisecond; data of 0-24 bytes; AnyRealmValue a null, int, bool, double, string or date;
//   - lists, sets and dictionaries of 0-5 elements (lists of links may repeat a target, as Realm lists may);
//   - links to objects of the target class, chosen among all of them once every class is filled; embedded objects
//     created through their parent (to-one, list or dictionary), filled the same way, nested at most 4 deep.
// VALUES.json, if given, is an object whose keys are "Class.property" and whose values are arrays of JSON values
// (strings, numbers, booleans, null): the property's values (or collection elements) are then drawn from that array
// instead, uniformly (repeat a value to weight it). Primary keys cannot be given this way.

#include <realm/dictionary.hpp>
#include <realm/list.hpp>
#include <realm/object-store/impl/realm_coordinator.hpp>
#include <realm/object-store/object_schema.hpp>
#include <realm/object-store/object_store.hpp>
#include <realm/object-store/property.hpp>
#include <realm/object-store/schema.hpp>
#include <realm/object-store/shared_realm.hpp>
#include <realm/object-store/util/scheduler.hpp>
#include <realm/set.hpp>
#include <realm/table.hpp>

#include <external/json/json.hpp>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace realm;
namespace fs = std::filesystem;
using Json = nlohmann::json;
using ObjectType = ObjectSchema::ObjectType;

struct PropertySpec {
    std::string name;
    std::string type;
    bool optional = false;
    std::string collection = "single";
    std::string object_class;
    std::string origin;
    bool indexed = false;
    bool full_text = false;
};

struct ClassSpec {
    std::string name;
    std::string kind = "topLevel";
    std::string primary_key;
    std::vector<PropertySpec> properties;
};

std::string member_string(const Json& object, const char* key, const std::string& fallback = "")
{
    auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return fallback;
    if (!it->is_string())
        throw std::runtime_error(std::string("'") + key + "' must be a string");
    return it->get<std::string>();
}

bool member_bool(const Json& object, const char* key)
{
    auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return false;
    if (!it->is_boolean())
        throw std::runtime_error(std::string("'") + key + "' must be true or false");
    return it->get<bool>();
}

std::vector<ClassSpec> read_classes(const Json& root, std::optional<uint64_t>& version)
{
    if (!root.is_object() || !root.contains("objectTypes") || !root["objectTypes"].is_array())
        throw std::runtime_error("the schema must be an object with an 'objectTypes' array");
    if (root.contains("version") && !root["version"].is_null())
        version = root["version"].get<uint64_t>();
    std::vector<ClassSpec> classes;
    for (const Json& type : root["objectTypes"]) {
        ClassSpec spec;
        spec.name = member_string(type, "name");
        spec.kind = member_string(type, "kind", "topLevel");
        spec.primary_key = member_string(type, "primaryKey");
        if (spec.name.empty())
            throw std::runtime_error("a class has no name");
        if (spec.kind != "topLevel" && spec.kind != "embedded")
            throw std::runtime_error(spec.name + ": kind '" + spec.kind +
                                     "' is not supported (asymmetric objects need Device Sync)");
        if (!type.contains("properties") || !type["properties"].is_array())
            throw std::runtime_error(spec.name + ": no 'properties' array");
        for (const Json& property : type["properties"]) {
            PropertySpec p;
            p.name = member_string(property, "name");
            p.type = member_string(property, "type");
            p.optional = member_bool(property, "isOptional");
            p.collection = member_string(property, "collection", "single");
            p.object_class = member_string(property, "objectClassName");
            p.origin = member_string(property, "linkOriginPropertyName");
            p.indexed = member_bool(property, "isIndexed");
            p.full_text = member_bool(property, "isFullTextIndexed");
            spec.properties.push_back(p);
        }
        classes.push_back(spec);
    }
    return classes;
}

PropertyType element_type(const std::string& name, const std::string& where)
{
    static const std::map<std::string, PropertyType> types = {
        {"int", PropertyType::Int},           {"bool", PropertyType::Bool},
        {"float", PropertyType::Float},       {"double", PropertyType::Double},
        {"string", PropertyType::String},     {"data", PropertyType::Data},
        {"date", PropertyType::Date},         {"decimal128", PropertyType::Decimal},
        {"objectId", PropertyType::ObjectId}, {"uuid", PropertyType::UUID},
        {"mixed", PropertyType::Mixed},       {"object", PropertyType::Object},
        {"linkingObjects", PropertyType::LinkingObjects}};
    auto it = types.find(name);
    if (it == types.end())
        throw std::runtime_error(where + ": unknown type '" + name + "'");
    return it->second;
}

// The Object Store property realm-swift declares for a property of the neutral schema.
Property object_store_property(const ClassSpec& owner, const PropertySpec& spec)
{
    const std::string where = owner.name + "." + spec.name;
    PropertyType type = element_type(spec.type, where);
    if (spec.type == "linkingObjects") {
        Property property(spec.name, PropertyType::LinkingObjects | PropertyType::Array, spec.object_class,
                          spec.origin);
        return property;
    }
    bool nullable = spec.optional;
    if (spec.type == "mixed")
        nullable = true;
    if (spec.type == "object")
        nullable = spec.collection == "single" || spec.collection == "dictionary";
    if (spec.collection == "list")
        type = type | PropertyType::Array;
    else if (spec.collection == "set")
        type = type | PropertyType::Set;
    else if (spec.collection == "dictionary")
        type = type | PropertyType::Dictionary;
    else if (spec.collection != "single")
        throw std::runtime_error(where + ": unknown collection '" + spec.collection + "'");
    if (nullable)
        type = type | PropertyType::Nullable;
    const bool primary = spec.name == owner.primary_key;
    Property property(spec.name, type, Property::IsPrimary{primary}, Property::IsIndexed{primary || spec.indexed});
    property.object_type = spec.object_class;
    property.is_fulltext_indexed = spec.full_text;
    return property;
}

Schema object_store_schema(const std::vector<ClassSpec>& classes)
{
    std::vector<ObjectSchema> types;
    for (const ClassSpec& spec : classes) {
        ObjectSchema object_schema;
        object_schema.name = spec.name;
        object_schema.table_type = spec.kind == "embedded" ? ObjectType::Embedded : ObjectType::TopLevel;
        object_schema.primary_key = spec.primary_key;
        for (const PropertySpec& p : spec.properties) {
            Property property = object_store_property(spec, p);
            if (p.type == "linkingObjects")
                object_schema.computed_properties.push_back(property);
            else
                object_schema.persisted_properties.push_back(property);
        }
        types.push_back(std::move(object_schema));
    }
    return Schema(std::move(types));
}

struct Random {
    uint64_t state;
    uint64_t next()
    {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t bound) { return bound == 0 ? 0 : next() % bound; }
    bool one_in(uint64_t n) { return below(n) == 0; }
};

const char* const words[] = {
    "morning", "coffee",  "river",   "update", "photo",  "notes",   "sunday", "project", "garden", "budget",
    "trip",    "meeting", "chapter", "music",  "list",   "draft",   "city",   "office",  "family", "reminder",
    "blue",    "quick",   "new",     "old",    "shared", "private", "weekly", "final",   "spare",  "home"};
const char* const unusual[] = {"Zoë", "Crème brûlée", "日本語のメモ", "Ελληνικά", "🎉 party", "naïve café"};

std::string random_words(Random& random)
{
    if (random.one_in(20))
        return "";
    if (random.one_in(12))
        return unusual[random.below(std::size(unusual))];
    std::string text;
    const uint64_t count = 1 + random.below(4);
    for (uint64_t i = 0; i < count; ++i) {
        if (i)
            text += ' ';
        text += words[random.below(std::size(words))];
    }
    if (random.one_in(4))
        text += " " + std::to_string(random.below(1000));
    return text;
}

std::string uuid_string(Random& random)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string text;
    for (int i = 0; i < 32; ++i) {
        if (i == 8 || i == 12 || i == 16 || i == 20)
            text += '-';
        int digit = int(random.below(16));
        if (i == 12)
            digit = 4;
        if (i == 16)
            digit = 8 + digit % 4;
        text += hex[digit];
    }
    return text;
}

// Values kept alive for the Mixed that refers to them (strings and binaries are not copied by Mixed).
struct Arena {
    std::vector<std::unique_ptr<std::string>> strings;
    StringData keep(std::string text)
    {
        strings.push_back(std::make_unique<std::string>(std::move(text)));
        return StringData(*strings.back());
    }
};

Timestamp random_date(Random& random)
{
    const int64_t first = 1451606400; // 2016-01-01T00:00:00Z
    const int64_t last = 1767225599;  // 2025-12-31T23:59:59Z
    const int64_t seconds = first + int64_t(random.below(uint64_t(last - first)));
    return Timestamp(seconds, int32_t(random.below(1000)) * 1000000);
}

Mixed random_value(Random& random, PropertyType type, Arena& arena)
{
    switch (type & ~PropertyType::Flags) {
        case PropertyType::Int:
            if (random.below(10) < 7)
                return Mixed(int64_t(random.below(101)));
            return Mixed(int64_t(random.below(4000000001ull)) - 2000000000);
        case PropertyType::Bool:
            return Mixed(random.below(2) == 1);
        case PropertyType::Float:
            return Mixed(float(int64_t(random.below(200001)) - 20000) / 100.0f);
        case PropertyType::Double:
            return Mixed(double(int64_t(random.below(20000001)) - 2000000) / 1000.0);
        case PropertyType::String:
            return Mixed(arena.keep(random_words(random)));
        case PropertyType::Data: {
            std::string bytes;
            const uint64_t size = random.below(25);
            for (uint64_t i = 0; i < size; ++i)
                bytes += char(random.below(256));
            StringData kept = arena.keep(bytes);
            return Mixed(BinaryData(kept.data(), kept.size()));
        }
        case PropertyType::Date:
            return Mixed(random_date(random));
        case PropertyType::Decimal: {
            const int64_t cents = int64_t(random.below(10000001)) - 1000000;
            std::string text = (cents < 0 ? "-" : "") + std::to_string(std::llabs(cents) / 100) + "." +
                               std::to_string(std::llabs(cents) % 100 / 10) + std::to_string(std::llabs(cents) % 10);
            return Mixed(Decimal128(StringData(text)));
        }
        case PropertyType::ObjectId: {
            ObjectId::ObjectIdBytes bytes;
            for (auto& byte : bytes)
                byte = uint8_t(random.below(256));
            return Mixed(ObjectId(bytes));
        }
        case PropertyType::UUID: {
            UUID::UUIDBytes bytes;
            for (auto& byte : bytes)
                byte = uint8_t(random.below(256));
            bytes[6] = uint8_t((bytes[6] & 0x0F) | 0x40);
            bytes[8] = uint8_t((bytes[8] & 0x3F) | 0x80);
            return Mixed(UUID(bytes));
        }
        case PropertyType::Mixed:
            switch (random.below(6)) {
                case 0:
                    return Mixed();
                case 1:
                    return random_value(random, PropertyType::Int, arena);
                case 2:
                    return random_value(random, PropertyType::Bool, arena);
                case 3:
                    return random_value(random, PropertyType::Double, arena);
                case 4:
                    return random_value(random, PropertyType::String, arena);
                default:
                    return random_value(random, PropertyType::Date, arena);
            }
        default:
            throw std::runtime_error("no random value for this type");
    }
}

// A value of VALUES.json for a property of the given type.
Mixed given_value(const Json& value, PropertyType type, const std::string& where, Arena& arena)
{
    if (value.is_null())
        return Mixed();
    switch (type & ~PropertyType::Flags) {
        case PropertyType::Int:
            if (value.is_number_integer())
                return Mixed(value.get<int64_t>());
            break;
        case PropertyType::Bool:
            if (value.is_boolean())
                return Mixed(value.get<bool>());
            break;
        case PropertyType::Float:
            if (value.is_number())
                return Mixed(value.get<float>());
            break;
        case PropertyType::Double:
            if (value.is_number())
                return Mixed(value.get<double>());
            break;
        case PropertyType::String:
            if (value.is_string())
                return Mixed(arena.keep(value.get<std::string>()));
            break;
        case PropertyType::Mixed:
            if (value.is_string())
                return Mixed(arena.keep(value.get<std::string>()));
            if (value.is_boolean())
                return Mixed(value.get<bool>());
            if (value.is_number_integer())
                return Mixed(value.get<int64_t>());
            if (value.is_number())
                return Mixed(value.get<double>());
            break;
        default:
            throw std::runtime_error(where + ": VALUES.json gives values only for int, bool, float, double, string "
                                             "and mixed properties");
    }
    throw std::runtime_error(where + ": a value in VALUES.json does not have the property's type: " + value.dump());
}

class Writer {
public:
    Writer(Realm& realm, const std::vector<ClassSpec>& classes, const Json& values, uint64_t seed)
        : m_realm(realm)
        , m_values(values)
        , m_random{seed}
    {
        for (const ClassSpec& spec : classes)
            m_classes[spec.name] = &spec;
        m_order = classes;
        for (auto& [key, given] : values.items()) {
            const auto dot = key.find('.');
            const ClassSpec* owner = dot == std::string::npos ? nullptr : find_class(key.substr(0, dot));
            const PropertySpec* property = owner ? find_property(*owner, key.substr(dot + 1)) : nullptr;
            if (!property)
                throw std::runtime_error("VALUES.json: '" + key + "' names no property of the schema");
            if (property->name == owner->primary_key)
                throw std::runtime_error("VALUES.json: '" + key + "' is a primary key, whose values are generated");
            if (!given.is_array() || given.empty())
                throw std::runtime_error("VALUES.json: '" + key + "' must be a non-empty array");
        }
    }

    void write(uint64_t objects_per_class)
    {
        // Objects and their values first, then links and embedded objects, so that every target exists.
        for (const ClassSpec& spec : m_order) {
            if (spec.kind != "topLevel")
                continue;
            auto table = table_for(spec.name);
            auto& keys = m_keys[spec.name];
            std::set<std::string> used;
            int64_t next_int = 1 + int64_t(m_random.below(1000));
            for (uint64_t i = 0; i < objects_per_class; ++i) {
                Obj object;
                if (spec.primary_key.empty()) {
                    object = table->create_object();
                }
                else {
                    const PropertySpec& key = *find_property(spec, spec.primary_key);
                    object = table->create_object_with_primary_key(unique_key(key, next_int, used));
                }
                keys.push_back(object.get_key());
                fill_values(object, spec);
            }
        }
        for (const ClassSpec& spec : m_order) {
            if (spec.kind != "topLevel")
                continue;
            auto table = table_for(spec.name);
            for (ObjKey key : m_keys[spec.name]) {
                Obj object = table->get_object(key);
                fill_links(object, spec, 0);
            }
        }
    }

private:
    static constexpr int max_depth = 4;

    Realm& m_realm;
    const Json& m_values;
    Random m_random;
    Arena m_arena;
    std::vector<ClassSpec> m_order;
    std::map<std::string, const ClassSpec*> m_classes;
    std::map<std::string, std::vector<ObjKey>> m_keys;

    const ClassSpec* find_class(const std::string& name) const
    {
        auto it = m_classes.find(name);
        return it == m_classes.end() ? nullptr : it->second;
    }

    static const PropertySpec* find_property(const ClassSpec& spec, const std::string& name)
    {
        for (const PropertySpec& p : spec.properties)
            if (p.name == name)
                return &p;
        return nullptr;
    }

    TableRef table_for(const std::string& name)
    {
        auto table = ObjectStore::table_for_object_type(m_realm.read_group(), name);
        if (!table)
            throw std::runtime_error("no table for class " + name);
        return table;
    }

    Mixed unique_key(const PropertySpec& key, int64_t& next_int, std::set<std::string>& used)
    {
        for (;;) {
            Mixed value;
            std::string identity;
            if (key.type == "int") {
                value = Mixed(next_int);
                next_int += 1 + int64_t(m_random.below(5));
                return value;
            }
            if (key.type == "string") {
                identity = uuid_string(m_random);
                value = Mixed(m_arena.keep(identity));
            }
            else if (key.type == "objectId" || key.type == "uuid") {
                value = random_value(m_random, element_type(key.type, key.name), m_arena);
                identity = value.to_string(64);
            }
            else {
                throw std::runtime_error("primary key '" + key.name + "' of type " + key.type +
                                         " is not supported by Realm");
            }
            if (used.insert(identity).second)
                return value;
        }
    }

    // A value (or collection element) for a property with no links: VALUES.json's, else random; null about one time
    // in five when optional.
    Mixed value_for(const ClassSpec& owner, const PropertySpec& p, PropertyType type)
    {
        const std::string key = owner.name + "." + p.name;
        if (auto it = m_values.find(key); it != m_values.end()) {
            const Json& given = (*it)[m_random.below(it->size())];
            Mixed value = given_value(given, type, key, m_arena);
            if (value.is_null() && !is_nullable(type))
                throw std::runtime_error(key + ": null in VALUES.json for a property that is not optional");
            return value;
        }
        if (is_nullable(type) && (type & ~PropertyType::Flags) != PropertyType::Mixed && m_random.one_in(5))
            return Mixed();
        return random_value(m_random, type, m_arena);
    }

    std::string dictionary_key()
    {
        return std::string(words[m_random.below(std::size(words))]) + "-" + std::to_string(m_random.below(100));
    }

    void fill_values(Obj& object, const ClassSpec& spec)
    {
        auto table = object.get_table();
        for (const PropertySpec& p : spec.properties) {
            if (p.type == "object" || p.type == "linkingObjects" || p.name == spec.primary_key)
                continue;
            Property property = object_store_property(spec, p);
            ColKey column = table->get_column_key(p.name);
            const PropertyType element = property.type & ~PropertyType::Collection;
            if (p.collection == "single") {
                object.set_any(column, value_for(spec, p, element));
            }
            else if (p.collection == "list") {
                auto list = object.get_listbase_ptr(column);
                const uint64_t count = m_random.below(6);
                for (uint64_t i = 0; i < count; ++i)
                    list->insert_any(list->size(), value_for(spec, p, element));
            }
            else if (p.collection == "set") {
                auto set = object.get_setbase_ptr(column);
                const uint64_t count = m_random.below(6);
                for (uint64_t i = 0; i < count; ++i)
                    set->insert_any(value_for(spec, p, element));
            }
            else {
                Dictionary dictionary = object.get_dictionary(column);
                const uint64_t count = m_random.below(6);
                for (uint64_t i = 0; i < count; ++i)
                    dictionary.insert(Mixed(m_arena.keep(dictionary_key())), value_for(spec, p, element));
            }
        }
    }

    // An existing object of a top-level class, or nothing when the class has none.
    std::optional<ObjKey> pick(const std::string& class_name)
    {
        const auto& keys = m_keys[class_name];
        if (keys.empty())
            return std::nullopt;
        return keys[m_random.below(keys.size())];
    }

    void fill_embedded(Obj child, const ClassSpec& spec, int depth)
    {
        fill_values(child, spec);
        fill_links(child, spec, depth);
    }

    void fill_links(Obj& object, const ClassSpec& spec, int depth)
    {
        auto table = object.get_table();
        for (const PropertySpec& p : spec.properties) {
            if (p.type != "object")
                continue;
            const ClassSpec* target = find_class(p.object_class);
            if (!target)
                throw std::runtime_error(spec.name + "." + p.name + ": unknown class '" + p.object_class + "'");
            const bool embedded = target->kind == "embedded";
            ColKey column = table->get_column_key(p.name);
            if (embedded && depth >= max_depth)
                continue; // stays null / empty
            if (p.collection == "single") {
                if (m_random.one_in(5))
                    continue; // null
                if (embedded)
                    fill_embedded(object.create_and_set_linked_object(column), *target, depth + 1);
                else if (auto key = pick(target->name))
                    object.set(column, *key);
            }
            else if (p.collection == "list") {
                LnkLst list = object.get_linklist(column);
                const uint64_t count = m_random.below(6);
                for (uint64_t i = 0; i < count; ++i) {
                    if (embedded)
                        fill_embedded(list.create_and_insert_linked_object(list.size()), *target, depth + 1);
                    else if (auto key = pick(target->name))
                        list.add(*key);
                }
            }
            else if (p.collection == "set") {
                LnkSet set = object.get_linkset(column);
                const uint64_t count = m_random.below(6);
                for (uint64_t i = 0; i < count; ++i)
                    if (auto key = pick(target->name))
                        set.insert(*key);
            }
            else {
                Dictionary dictionary = object.get_dictionary(column);
                const uint64_t count = m_random.below(6);
                for (uint64_t i = 0; i < count; ++i) {
                    Mixed key(m_arena.keep(dictionary_key()));
                    if (embedded) {
                        fill_embedded(dictionary.create_and_insert_linked_object(key), *target, depth + 1);
                    }
                    else if (m_random.one_in(5)) {
                        dictionary.insert(key, Mixed());
                    }
                    else if (auto target_key = pick(target->name)) {
                        dictionary.insert(key, table_for(target->name)->get_object(*target_key));
                    }
                }
            }
        }
    }
};

Json read_json(const char* path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error(std::string("cannot read ") + path);
    try {
        return Json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
    }
    catch (const Json::exception& error) {
        throw std::runtime_error(std::string(path) + ": " + error.what());
    }
}

bool parse_unsigned(const char* text, uint64_t& value)
{
    if (!*text)
        return false;
    char* end = nullptr;
    errno = 0;
    value = std::strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && text[0] != '-';
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 6 && argc != 7) {
        std::fprintf(stderr,
                     "usage: write-schema-file SCHEMA.json VERSION OBJECTS_PER_CLASS SEED OUTPUT.realm [VALUES.json]\n");
        return 64;
    }
    uint64_t version = 0, objects_per_class = 0, seed = 0;
    if (!parse_unsigned(argv[2], version) || !parse_unsigned(argv[3], objects_per_class) ||
        !parse_unsigned(argv[4], seed) || objects_per_class > 10000000) {
        std::fprintf(stderr, "write-schema-file: VERSION, OBJECTS_PER_CLASS and SEED must be unsigned integers\n");
        return 64;
    }
    const fs::path output = argv[5];
    try {
        std::optional<uint64_t> schema_version;
        const std::vector<ClassSpec> classes = read_classes(read_json(argv[1]), schema_version);
        if (schema_version && *schema_version != version)
            throw std::runtime_error("the schema says version " + std::to_string(*schema_version) +
                                     ", the command line " + std::to_string(version));
        const Json values = argc == 7 ? read_json(argv[6]) : Json::object();
        if (!values.is_object())
            throw std::runtime_error("VALUES.json must be an object");
        Schema schema = object_store_schema(classes);
        schema.validate();

        if (fs::exists(output))
            throw std::runtime_error(output.string() + " already exists");
        {
            Realm::Config config;
            config.path = output.string();
            config.schema_mode = SchemaMode::Automatic;
            config.schema_version = version;
            config.scheduler = util::Scheduler::make_dummy(); // one thread, no notifications
            auto realm = Realm::get_shared_realm(config);
            realm->update_schema(schema, version, nullptr);
            realm->begin_transaction();
            Writer(*realm, classes, values, seed).write(objects_per_class);
            realm->commit_transaction();
            realm->close();
        }
        if (_impl::RealmCoordinator::get_existing_coordinator(output.string()))
            throw std::runtime_error(output.string() + " is still open");
        for (const char* suffix : {".lock", ".note", ".log"})
            fs::remove(output.string() + suffix);
        fs::remove_all(output.string() + ".management");
        std::printf("%s: schema version %" PRIu64 ", %zu classes, %" PRIu64 " objects per top-level class, seed %" PRIu64
                    "\n",
                    output.string().c_str(), version, classes.size(), objects_per_class, seed);
    }
    catch (const std::exception& error) {
        std::fprintf(stderr, "write-schema-file: %s\n", error.what());
        return 1;
    }
    return 0;
}

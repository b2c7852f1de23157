// Writes the schema-upgrade fixtures (Tests/Fixtures/schema-upgrade): for each case, a .realm file at an old schema
// version and the copy that realm-core's Object Store upgraded when it was opened with a newer schema and a
// migration function, so that realm-core's own upgrade is the truth the in-app migration must reproduce. Our own
// program; it links a realm-core build that is fetched and never committed (see scripts/build-realm-tools).
//
//   write-schema-upgrades OUTPUT_DIR
//
// Files are opened as realm-swift opens them: `Realm::get_shared_realm` without a schema, then `update_schema` with
// the app's schema, version and migration function, in `SchemaMode::Automatic` with
// `automatically_handle_backlinks_in_migrations`. Class names are the SDK's (the Object Store adds `class_`);
// primary keys are also indexed and links nullable, as realm-swift declares them. For each case NAME it writes
//
//   NAME.old.realm       created with the old schema at the old version, its objects added in one write
//                        transaction, then closed
//   NAME.migrated.realm  a byte copy of NAME.old.realm (no Realm open) opened with the new schema, version and
//                        migration function, then closed
//   NAME.error.txt       instead of NAME.migrated.realm when realm-core refuses the upgrade: the exception's what()
//                        text exactly, then a last line naming its C++ type and its ErrorCodes name
//   NAME.app.realm       for a refusal: a fresh file created with the new schema at the new version (no objects)
//   NAME.*.json          realm2json of each .realm file (REALM2JSON, else the realm2json beside this program)
//
// The migration functions do in C++ what the realm-swift block named in each case does: `enumerateObjects(ofType:)`
// walks the old table in key order and skips objects deleted earlier in the block, `migration.create` creates an
// object, `delete` removes one, `deleteData(forType:)` removes the table of a class the app no longer has,
// `renameProperty` is `ObjectStore::rename_property`. At the end every NAME.old.realm is compared with the bytes it
// had before it was copied; the program fails if one changed or if a case's outcome is not the expected one.

#include <realm/list.hpp>
#include <realm/object-store/impl/realm_coordinator.hpp>
#include <realm/object-store/object_schema.hpp>
#include <realm/object-store/object_store.hpp>
#include <realm/object-store/property.hpp>
#include <realm/object-store/schema.hpp>
#include <realm/object-store/shared_realm.hpp>
#include <realm/object-store/util/scheduler.hpp>
#include <realm/table.hpp>

#include <cxxabi.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

namespace {

using namespace realm;
namespace fs = std::filesystem;
using ObjectType = ObjectSchema::ObjectType;

// Properties as realm-swift declares them.
Property required(const char* name, PropertyType type)
{
    return Property(name, type);
}
Property optional(const char* name, PropertyType type)
{
    return Property(name, type | PropertyType::Nullable);
}
Property primary_key(const char* name, PropertyType type)
{
    return Property(name, type, Property::IsPrimary{true}, Property::IsIndexed{true});
}
Property indexed(const char* name, PropertyType type)
{
    return Property(name, type, Property::IsPrimary{false}, Property::IsIndexed{true});
}
Property collection(const char* name, PropertyType kind, PropertyType element)
{
    return Property(name, kind | element);
}
Property link(const char* name, const char* target)
{
    return Property(name, PropertyType::Object | PropertyType::Nullable, target);
}
Property link_list(const char* name, const char* target)
{
    return Property(name, PropertyType::Object | PropertyType::Array, target);
}

TableRef table(Realm& realm, StringData object_type)
{
    auto table = ObjectStore::table_for_object_type(realm.read_group(), object_type);
    if (!table)
        throw std::runtime_error("no table for class " + std::string(object_type));
    return table;
}

// realm-swift's `migration.enumerateObjects(ofType:)` for a class in both the file and the app: the old objects in
// table order, each with the object of the same key in the new Realm; objects deleted earlier are skipped, and
// nothing is called when either table is empty.
void enumerate_objects(SharedRealm old_realm, SharedRealm realm, StringData object_type,
                       const std::function<void(const Obj& old_object, Obj& new_object)>& body)
{
    auto old_table = table(*old_realm, object_type);
    auto new_table = table(*realm, object_type);
    if (old_table->size() == 0 || new_table->size() == 0)
        return;
    for (const Obj& old_object : *old_table) {
        Obj new_object = new_table->try_get_object(old_object.get_key());
        if (!new_object.is_valid())
            continue;
        body(old_object, new_object);
    }
}

// realm-swift's `migration.deleteData(forType:)`.
bool delete_data(Realm& realm, Schema& schema, StringData object_type)
{
    auto table = ObjectStore::table_for_object_type(realm.read_group(), object_type);
    if (!table)
        return false;
    if (schema.find(object_type) != schema.end())
        table->clear();
    else
        ObjectStore::delete_data_for_object(realm.read_group(), object_type);
    return true;
}

// The Swift block's `old.firstName + " " + old.lastName`.
std::string full_name(const Obj& old_object)
{
    return std::string(old_object.get<String>("firstName")) + " " + std::string(old_object.get<String>("lastName"));
}

struct Case {
    std::string name;
    uint64_t old_version;
    Schema old_schema;
    std::function<void(Realm&)> add_objects; // runs inside the old file's write transaction
    uint64_t new_version;
    Schema new_schema;
    MigrationFunction migration; // null: the app sets no migration block
    bool refused;                // realm-core is expected to refuse the upgrade
};

Schema person_names_schema()
{
    return {{"Person", {required("name", PropertyType::String)}}};
}

void add_names(Realm& realm, std::initializer_list<const char*> names)
{
    auto person = table(realm, "Person");
    for (const char* name : names)
        person->create_object().set("name", StringData(name));
}

std::vector<Case> cases()
{
    std::vector<Case> all;

    all.push_back({"added-properties", 1,
                   {{"Person", {primary_key("id", PropertyType::Int), required("name", PropertyType::String)}}},
                   [](Realm& realm) {
                       auto person = table(realm, "Person");
                       const std::pair<int64_t, const char*> people[] = {
                           {1, "Ann"}, {2, "Bo"}, {3, "Chidi Okonkwo"}, {42, "Zoë"}};
                       for (auto& [id, name] : people)
                           person->create_object_with_primary_key(id).set("name", StringData(name));
                   },
                   2,
                   {{"Person",
                     {primary_key("id", PropertyType::Int),
                      required("name", PropertyType::String),
                      required("age", PropertyType::Int),
                      required("nick", PropertyType::String),
                      required("active", PropertyType::Bool),
                      required("score", PropertyType::Double),
                      required("ratio", PropertyType::Float),
                      required("born", PropertyType::Date),
                      required("photo", PropertyType::Data),
                      required("oid", PropertyType::ObjectId),
                      required("uid", PropertyType::UUID),
                      required("amount", PropertyType::Decimal),
                      optional("email", PropertyType::String),
                      optional("rank", PropertyType::Int),
                      link("best", "Dog"),
                      collection("tags", PropertyType::Array, PropertyType::String),
                      collection("nums", PropertyType::Set, PropertyType::Int),
                      collection("props", PropertyType::Dictionary, PropertyType::String),
                      link_list("friends", "Dog")}},
                    {"Dog", {required("name", PropertyType::String)}}},
                   nullptr, false});

    all.push_back({"removed-property", 1,
                   {{"Person",
                     {required("name", PropertyType::String), required("age", PropertyType::Int),
                      optional("nickname", PropertyType::String)}}},
                   [](Realm& realm) {
                       auto person = table(realm, "Person");
                       struct Row {
                           const char* name;
                           int64_t age;
                           const char* nickname;
                       };
                       const Row rows[] = {{"Ann", 34, "annie"}, {"Bo", 7, nullptr}, {"Chen Wei", 61, ""},
                                           {"Dara", 0, "D"}};
                       for (auto& row : rows) {
                           auto object = person->create_object().set("name", StringData(row.name)).set("age", row.age);
                           if (row.nickname)
                               object.set("nickname", StringData(row.nickname));
                           else
                               object.set_null("nickname");
                       }
                   },
                   2,
                   {{"Person", {required("name", PropertyType::String), required("age", PropertyType::Int)}}},
                   nullptr, false});

    Schema first_last = {{"Person",
                          {required("firstName", PropertyType::String), required("lastName", PropertyType::String),
                           required("age", PropertyType::Int)}}};
    auto add_first_last = [](Realm& realm) {
        auto person = table(realm, "Person");
        struct Row {
            const char* first;
            const char* last;
            int64_t age;
        };
        const Row rows[] = {{"Ada", "Lovelace", 36}, {"Alan", "Turing", 41}, {"Grace", "Hopper", 85}, {"", "Solo", 1}};
        for (auto& row : rows)
            person->create_object()
                .set("firstName", StringData(row.first))
                .set("lastName", StringData(row.last))
                .set("age", row.age);
    };

    // new.fullName = old.firstName + " " + old.lastName
    all.push_back({"computed-fullname", 1, first_last, add_first_last, 2,
                   {{"Person", {required("fullName", PropertyType::String), required("age", PropertyType::Int)}}},
                   [](SharedRealm old_realm, SharedRealm realm, Schema&) {
                       enumerate_objects(old_realm, realm, "Person", [](const Obj& old_object, Obj& new_object) {
                           new_object.set("fullName", StringData(full_name(old_object)));
                       });
                   },
                   false});

    // if let d = old.d { new.d = d }; b is not copied
    all.push_back({"nullability", 3,
                   {{"Item",
                     {required("a", PropertyType::Int), optional("b", PropertyType::String),
                      collection("c", PropertyType::Array, PropertyType::Int), optional("d", PropertyType::Double)}}},
                   [](Realm& realm) {
                       auto item = table(realm, "Item");
                       struct Row {
                           int64_t a;
                           const char* b;
                           std::vector<int64_t> c;
                           std::optional<double> d;
                       };
                       const Row rows[] = {{1, "alpha", {1, 2, 3}, 1.5},
                                           {-7, nullptr, {}, std::nullopt},
                                           {0, "", {0, -1}, -0.25},
                                           {9000000000, "δέλτα", {42}, std::nullopt}};
                       for (auto& row : rows) {
                           auto object = item->create_object().set("a", row.a);
                           if (row.b)
                               object.set("b", StringData(row.b));
                           else
                               object.set_null("b");
                           auto c = object.get_list<Int>("c");
                           for (int64_t value : row.c)
                               c.add(value);
                           if (row.d)
                               object.set("d", *row.d);
                           else
                               object.set_null("d");
                       }
                   },
                   4,
                   {{"Item",
                     {optional("a", PropertyType::Int), required("b", PropertyType::String),
                      collection("c", PropertyType::Array, PropertyType::Int | PropertyType::Nullable),
                      required("d", PropertyType::Double)}}},
                   [](SharedRealm old_realm, SharedRealm realm, Schema&) {
                       enumerate_objects(old_realm, realm, "Item", [](const Obj& old_object, Obj& new_object) {
                           if (!old_object.is_null("d"))
                               new_object.set("d", old_object.get<std::optional<double>>("d").value());
                       });
                   },
                   false});

    // new.count = String(old.count as! Int)
    all.push_back({"type-change", 1,
                   {{"Item",
                     {required("count", PropertyType::Int), collection("tags", PropertyType::Array, PropertyType::Int),
                      link("owner", "Dog"), required("label", PropertyType::String)}},
                    {"Dog", {required("name", PropertyType::String)}},
                    {"Cat", {required("name", PropertyType::String)}}},
                   [](Realm& realm) {
                       auto dog = table(realm, "Dog");
                       auto cat = table(realm, "Cat");
                       auto item = table(realm, "Item");
                       std::vector<ObjKey> dogs;
                       for (const char* name : {"Rex", "Fido", "Laika"})
                           dogs.push_back(dog->create_object().set("name", StringData(name)).get_key());
                       for (const char* name : {"Tom", "Felix", "Luna"})
                           cat->create_object().set("name", StringData(name));
                       struct Row {
                           int64_t count;
                           std::vector<int64_t> tags;
                           int owner; // index into dogs, -1 for nil
                           const char* label;
                       };
                       const Row rows[] = {{3, {1, 2}, 0, "first"},
                                           {-12, {}, -1, "second"},
                                           {1000000, {7}, 2, "third"},
                                           {0, {5, 5, 5}, 0, ""}};
                       for (auto& row : rows) {
                           auto object = item->create_object().set("count", row.count);
                           auto tags = object.get_list<Int>("tags");
                           for (int64_t tag : row.tags)
                               tags.add(tag);
                           if (row.owner >= 0)
                               object.set("owner", dogs[size_t(row.owner)]);
                           else
                               object.set_null("owner");
                           object.set("label", StringData(row.label));
                       }
                   },
                   2,
                   {{"Item",
                     {required("count", PropertyType::String),
                      collection("tags", PropertyType::Array, PropertyType::String), link("owner", "Cat"),
                      required("label", PropertyType::String)}},
                    {"Dog", {required("name", PropertyType::String)}},
                    {"Cat", {required("name", PropertyType::String)}}},
                   [](SharedRealm old_realm, SharedRealm realm, Schema&) {
                       enumerate_objects(old_realm, realm, "Item", [](const Obj& old_object, Obj& new_object) {
                           new_object.set("count", StringData(std::to_string(old_object.get<Int>("count"))));
                       });
                   },
                   false});

    Schema id_name = {{"Person", {required("id", PropertyType::Int), required("name", PropertyType::String)}}};
    Schema id_name_keyed = {
        {"Person", {primary_key("id", PropertyType::Int), required("name", PropertyType::String)}}};
    auto add_ids = [](std::vector<std::pair<int64_t, const char*>> people) {
        return [people](Realm& realm) {
            auto person = table(realm, "Person");
            for (auto& [id, name] : people)
                person->create_object().set("id", id).set("name", StringData(name));
        };
    };
    all.push_back({"primary-key-added", 1, id_name, add_ids({{10, "Ten"}, {3, "Three"}, {7, "Seven"}, {1, "One"}}), 2,
                   id_name_keyed, nullptr, false});

    all.push_back({"primary-key-changed", 1,
                   {{"Person", {primary_key("id", PropertyType::Int), required("code", PropertyType::String)}}},
                   [](Realm& realm) {
                       auto person = table(realm, "Person");
                       const std::pair<int64_t, const char*> people[] = {
                           {1, "A-100"}, {2, "B-200"}, {3, "C-300"}, {4, "Z-000"}};
                       for (auto& [id, code] : people)
                           person->create_object_with_primary_key(id).set("code", StringData(code));
                   },
                   2, {{"Person", {required("id", PropertyType::Int), primary_key("code", PropertyType::String)}}},
                   nullptr, false});

    all.push_back({"primary-key-duplicates", 1, id_name,
                   add_ids({{10, "Ten"}, {3, "Three"}, {10, "Another ten"}, {1, "One"}}), 2, id_name_keyed, nullptr,
                   true});

    Schema with_legacy = {{"Person", {required("name", PropertyType::String)}},
                          {"Legacy", {required("note", PropertyType::String), required("n", PropertyType::Int)}}};
    auto add_legacy = [](Realm& realm) {
        add_names(realm, {"Ann", "Bo", "Cy"});
        auto legacy = table(realm, "Legacy");
        const std::pair<const char*, int64_t> notes[] = {{"first note", 1}, {"second", -2}, {"", 0}, {"last", 99}};
        for (auto& [note, n] : notes)
            legacy->create_object().set("note", StringData(note)).set("n", n);
    };
    all.push_back({"removed-class", 1, with_legacy, add_legacy, 2, person_names_schema(), nullptr, false});

    // migration.deleteData(forType: "Legacy")
    all.push_back({"deleted-class-data", 1, with_legacy, add_legacy, 2, person_names_schema(),
                   [](SharedRealm, SharedRealm realm, Schema& schema) {
                       if (!delete_data(*realm, schema, "Legacy"))
                           throw std::runtime_error("no Legacy table to delete");
                   },
                   false});

    // migration.renameProperty(onType: "Person", from: "name", to: "fullName")
    all.push_back({"rename", 1,
                   {{"Person", {required("name", PropertyType::String), required("age", PropertyType::Int)}}},
                   [](Realm& realm) {
                       auto person = table(realm, "Person");
                       const std::pair<const char*, int64_t> people[] = {{"Ann", 34}, {"Bo", 7}, {"Cy", 61}};
                       for (auto& [name, age] : people)
                           person->create_object().set("name", StringData(name)).set("age", age);
                   },
                   2, {{"Person", {required("fullName", PropertyType::String), required("age", PropertyType::Int)}}},
                   [](SharedRealm, SharedRealm realm, Schema& schema) {
                       ObjectStore::rename_property(realm->read_group(), schema, "Person", "name", "fullName");
                   },
                   false});

    // enumerate Person: if old.age < 18 { migration.delete(new) };
    // let adults = migration.create("Group", value: ["title": "adults"]);
    // enumerate Person: new.group = adults
    all.push_back({"create-delete", 1,
                   {{"Person", {required("name", PropertyType::String), required("age", PropertyType::Int)}}},
                   [](Realm& realm) {
                       auto person = table(realm, "Person");
                       const std::pair<const char*, int64_t> people[] = {
                           {"Mia", 10}, {"Noah", 17}, {"Olivia", 30}, {"Pete", 45}, {"Quinn", 70}};
                       for (auto& [name, age] : people)
                           person->create_object().set("name", StringData(name)).set("age", age);
                   },
                   2,
                   {{"Person",
                     {required("name", PropertyType::String), required("age", PropertyType::Int),
                      link("group", "Group")}},
                    {"Group", {required("title", PropertyType::String)}}},
                   [](SharedRealm old_realm, SharedRealm realm, Schema&) {
                       enumerate_objects(old_realm, realm, "Person", [](const Obj& old_object, Obj& new_object) {
                           if (old_object.get<Int>("age") < 18)
                               new_object.remove();
                       });
                       ObjKey adults = table(*realm, "Group")->create_object().set("title", StringData("adults")).get_key();
                       enumerate_objects(old_realm, realm, "Person", [&](const Obj&, Obj& new_object) {
                           new_object.set("group", adults);
                       });
                   },
                   false});

    auto address = [](ObjectType type) {
        return ObjectSchema("Address", type,
                            {required("street", PropertyType::String), required("city", PropertyType::String)});
    };
    all.push_back({"embedded", 1,
                   {{"Person", {required("name", PropertyType::String), link("address", "Address")}},
                    address(ObjectType::TopLevel)},
                   [](Realm& realm) {
                       auto address = table(realm, "Address");
                       auto person = table(realm, "Person");
                       const std::pair<const char*, const char*> places[] = {{"1 Main St", "Springfield"},
                                                                             {"2 Oak Ave", "Shelbyville"},
                                                                             {"3 Elm Rd", "Ogdenville"},
                                                                             {"4 Pine Ct", "North Haverbrook"}};
                       std::vector<ObjKey> addresses;
                       for (auto& [street, city] : places)
                           addresses.push_back(address->create_object()
                                                   .set("street", StringData(street))
                                                   .set("city", StringData(city))
                                                   .get_key());
                       // Main St has one owner, Oak Ave two, Elm Rd none, Pine Ct one; Dan has no address.
                       const std::pair<const char*, int> people[] = {
                           {"Ann", 0}, {"Bo", 1}, {"Cy", 1}, {"Dan", -1}, {"Eve", 3}};
                       for (auto& [name, place] : people) {
                           auto object = person->create_object().set("name", StringData(name));
                           if (place >= 0)
                               object.set("address", addresses[size_t(place)]);
                           else
                               object.set_null("address");
                       }
                   },
                   2,
                   {{"Person", {required("name", PropertyType::String), link("address", "Address")}},
                    address(ObjectType::Embedded)},
                   nullptr, false});

    // if oldSchemaVersion < 2 { new.fullName = old.firstName + " " + old.lastName }
    // if oldSchemaVersion < 3 { new.birthYear = 2024 - old.age }
    Schema version3 = {{"Person",
                        {required("fullName", PropertyType::String), required("age", PropertyType::Int),
                         required("birthYear", PropertyType::Int)}}};
    MigrationFunction chain = [](SharedRealm old_realm, SharedRealm realm, Schema&) {
        const uint64_t old_version = old_realm->schema_version();
        if (old_version < 2)
            enumerate_objects(old_realm, realm, "Person", [](const Obj& old_object, Obj& new_object) {
                new_object.set("fullName", StringData(full_name(old_object)));
            });
        if (old_version < 3)
            enumerate_objects(old_realm, realm, "Person", [](const Obj& old_object, Obj& new_object) {
                new_object.set("birthYear", 2024 - old_object.get<Int>("age"));
            });
    };
    all.push_back({"chain", 1, first_last, add_first_last, 3, version3, chain, false});
    all.push_back({"chain-from-2", 2,
                   {{"Person", {required("fullName", PropertyType::String), required("age", PropertyType::Int)}}},
                   [](Realm& realm) {
                       auto person = table(realm, "Person");
                       const std::pair<const char*, int64_t> people[] = {
                           {"Ada Lovelace", 36}, {"Alan Turing", 41}, {"Grace Hopper", 85}, {" Solo", 1}};
                       for (auto& [name, age] : people)
                           person->create_object().set("fullName", StringData(name)).set("age", age);
                   },
                   3, version3, chain, false});

    auto add_three = [](Realm& realm) {
        add_names(realm, {"Ann", "Bo", "Cy"});
    };
    all.push_back({"newer-file", 5, person_names_schema(), add_three, 4, person_names_schema(), nullptr, true});
    all.push_back({"no-bump", 2, person_names_schema(), add_three, 2,
                   {{"Person", {required("name", PropertyType::String), required("age", PropertyType::Int)}}},
                   nullptr, true});
    all.push_back({"added-class-same-version", 2, person_names_schema(), add_three, 2,
                   {{"Person", {indexed("name", PropertyType::String)}},
                    {"Tag", {required("label", PropertyType::String)}}},
                   nullptr, false});
    return all;
}

// Opens a file as realm-swift does: no schema in the config, then update_schema.
SharedRealm open_realm(const fs::path& path, const Schema& schema, uint64_t version, MigrationFunction migration)
{
    Realm::Config config;
    config.path = path.string();
    config.schema_mode = SchemaMode::Automatic;
    config.schema_version = version;
    config.automatically_handle_backlinks_in_migrations = true;
    config.scheduler = util::Scheduler::make_dummy(); // one thread, no notifications (Linux has no run loop)
    auto realm = Realm::get_shared_realm(config);
    try {
        realm->update_schema(schema, version, std::move(migration));
    }
    catch (...) {
        realm->close();
        throw;
    }
    return realm;
}

// Closes the Realm, checks nothing holds the file any more and removes the files core keeps beside it.
void close_realm(SharedRealm& realm, const fs::path& path)
{
    if (realm) {
        realm->close();
        realm.reset();
    }
    if (_impl::RealmCoordinator::get_existing_coordinator(path.string()))
        throw std::runtime_error(path.string() + " is still open");
    for (const char* suffix : {".lock", ".note", ".log"})
        fs::remove(path.string() + suffix);
    fs::remove_all(path.string() + ".management");
}

std::string read_bytes(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path.string());
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_text(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out)
        throw std::runtime_error("cannot write " + path.string());
}

std::string quoted(const std::string& text)
{
    std::string result = "'";
    for (char c : text)
        result += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return result + "'";
}

void export_json(const std::string& realm2json, const fs::path& realm_file)
{
    fs::path json = realm_file;
    json.replace_extension(".json");
    std::string command = quoted(realm2json) + " " + quoted(realm_file.string()) + " > " + quoted(json.string());
    if (std::system(command.c_str()) != 0)
        throw std::runtime_error("realm2json failed on " + realm_file.string());
}

std::string type_name(const std::exception& error)
{
    int status = 0;
    char* demangled = abi::__cxa_demangle(typeid(error).name(), nullptr, nullptr, &status);
    std::string name = status == 0 && demangled ? demangled : typeid(error).name();
    std::free(demangled);
    return name;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: write-schema-upgrades OUTPUT_DIR\n");
        return 64;
    }
    const fs::path output = argv[1];
    fs::create_directories(output);
    std::string realm2json;
    if (const char* variable = std::getenv("REALM2JSON"))
        realm2json = variable;
    else
        realm2json = (fs::absolute(argv[0]).parent_path() / "realm2json").string();
    if (!fs::exists(realm2json)) {
        std::fprintf(stderr, "write-schema-upgrades: no realm2json at %s (set REALM2JSON)\n", realm2json.c_str());
        return 1;
    }

    std::map<std::string, std::string> old_bytes;
    int failures = 0;
    for (Case& c : cases()) {
        const fs::path old_file = output / (c.name + ".old.realm");
        const fs::path migrated_file = output / (c.name + ".migrated.realm");
        const fs::path error_file = output / (c.name + ".error.txt");
        const fs::path app_file = output / (c.name + ".app.realm");
        for (const fs::path& stale : {old_file, migrated_file, error_file, app_file}) {
            fs::remove(stale);
            fs::path json = stale;
            fs::remove(json.replace_extension(".json"));
        }

        {
            auto realm = open_realm(old_file, c.old_schema, c.old_version, nullptr);
            realm->begin_transaction();
            c.add_objects(*realm);
            realm->commit_transaction();
            close_realm(realm, old_file);
        }
        old_bytes[c.name] = read_bytes(old_file);
        fs::copy_file(old_file, migrated_file);

        std::string outcome;
        try {
            auto realm = open_realm(migrated_file, c.new_schema, c.new_version, c.migration);
            close_realm(realm, migrated_file);
            outcome = "upgraded";
            if (c.refused) {
                std::fprintf(stderr, "%s: expected a refusal, but the upgrade succeeded\n", c.name.c_str());
                ++failures;
            }
        }
        catch (const std::exception& error) {
            SharedRealm none;
            close_realm(none, migrated_file);
            std::string type = type_name(error);
            if (auto realm_error = dynamic_cast<const realm::Exception*>(&error))
                type += " ErrorCodes::" + std::string(realm_error->code_string());
            if (!c.refused) {
                std::fprintf(stderr, "%s: unexpected %s: %s\n", c.name.c_str(), type.c_str(), error.what());
                ++failures;
                continue;
            }
            write_text(error_file, std::string(error.what()) + "\n" + type + "\n");
            const bool unchanged = read_bytes(migrated_file) == old_bytes[c.name];
            outcome = std::string("refused (") + type + "), the refused copy " +
                      (unchanged ? "is unchanged" : "was modified");
            fs::remove(migrated_file);

            auto app = open_realm(app_file, c.new_schema, c.new_version, nullptr);
            close_realm(app, app_file);
            export_json(realm2json, app_file);
        }
        export_json(realm2json, old_file);
        if (fs::exists(migrated_file))
            export_json(realm2json, migrated_file);
        std::printf("%-26s %llu -> %llu: %s\n", c.name.c_str(), (unsigned long long)c.old_version,
                    (unsigned long long)c.new_version, outcome.c_str());
    }

    for (auto& [name, bytes] : old_bytes) {
        if (read_bytes(output / (name + ".old.realm")) != bytes) {
            std::fprintf(stderr, "%s.old.realm changed after it was copied\n", name.c_str());
            ++failures;
        }
    }
    if (failures == 0)
        std::printf("every old file is byte-identical to what was written before its copy was upgraded\n");
    return failures == 0 ? 0 : 1;
}

// Writes Carryover's own format-9 fixture files with realm-core v5 (the engine of Realm Cocoa 3.x/4.x,
// Realm Java 5.x, realm-js 2.x), laid out as the object store of that era lays out an app's Realm:
// `metadata` (schema version), `pk` (primary keys of `class_` tables), one `class_<Name>` table per class,
// search indexes on primary keys and indexed properties, lists of primitives as one-column subtables
// (`!ARRAY_VALUE`), links, link lists and their hidden backlink columns. Several write transactions, deletions
// by move_last_over (as the object store deletes), and a string column turned into an enumerated one.
//
// Usage: write_old_fixtures <alltypes.realm> <rows.realm>
//        write_old_fixtures --keep-format <file of format 6-8 without history> -  (the alltypes content, in place)
#include <realm.hpp>
#include <realm/history.hpp>
#include <iostream>
#include <string>

using namespace realm;

namespace {

void put(const TableRef& table, size_t col, size_t row, const std::string& text)
{
    table->set_string(col, row, StringData(text));
}

void set_primary_key(Group& g, const char* object_type, const char* property)
{
    TableRef pk = g.get_table("pk");
    size_t row = pk->add_empty_row();
    pk->set_string(0, row, object_type);
    pk->set_string(1, row, property);
}

void alltypes_phase(Group& g, int phase)
{
    if (phase == 0) {
        TableRef metadata = g.add_table("metadata");
        metadata->add_column(type_Int, "version");
        metadata->add_empty_row();
        metadata->set_int(0, 0, 7);

        TableRef pk = g.add_table("pk");
        pk->add_column(type_String, "pk_table");
        pk->add_column(type_String, "pk_property");
        pk->add_search_index(0);

        TableRef target = g.add_table("class_LinkTarget");
        target->add_column(type_String, "name");
        target->add_column(type_Int, "rank");
        target->add_search_index(0);
        set_primary_key(g, "LinkTarget", "name");

        TableRef all = g.add_table("class_AllTypes");
        all->add_column(type_Int, "id");                    // 0
        all->add_column(type_Bool, "boolVal");              // 1
        all->add_column(type_Int, "intVal");                // 2
        all->add_column(type_Float, "floatVal");            // 3
        all->add_column(type_Double, "doubleVal");          // 4
        all->add_column(type_String, "stringVal");          // 5
        all->add_column(type_Binary, "dataVal");            // 6
        all->add_column(type_Timestamp, "dateVal");         // 7
        all->add_column(type_Bool, "optBool", true);        // 8
        all->add_column(type_Int, "optInt", true);          // 9
        all->add_column(type_Float, "optFloat", true);      // 10
        all->add_column(type_Double, "optDouble", true);    // 11
        all->add_column(type_String, "optString", true);    // 12
        all->add_column(type_Binary, "optData", true);      // 13
        all->add_column(type_Timestamp, "optDate", true);   // 14
        all->add_column(type_String, "category");           // 15 (made enumerated below)
        all->add_column(type_String, "indexedString", true);// 16
        all->add_column(type_Int, "indexedInt");            // 17
        all->add_column_link(type_Link, "link", *target);   // 18
        all->add_column_link(type_LinkList, "links", *target); // 19
        DescriptorRef sub;
        all->add_column(type_Table, "intList", &sub);       // 20
        sub->add_column(type_Int, "!ARRAY_VALUE");
        sub.reset();
        all->add_column(type_Table, "optStringList", &sub); // 21
        sub->add_column(type_String, "!ARRAY_VALUE", nullptr, true);
        sub.reset();
        all->add_column(type_Table, "dateList", &sub);      // 22
        sub->add_column(type_Timestamp, "!ARRAY_VALUE");
        sub.reset();
        all->add_column(type_Table, "optBoolList", &sub);   // 23
        sub->add_column(type_Bool, "!ARRAY_VALUE", nullptr, true);
        sub.reset();
        all->add_column_link(type_Link, "self", *all);      // 24
        all->add_search_index(0);
        all->add_search_index(16);
        all->add_search_index(17);
        set_primary_key(g, "AllTypes", "id");

        TableRef nopk = g.add_table("class_NoPrimaryKey");
        nopk->add_column(type_String, "label");
        nopk->add_column_link(type_LinkList, "items", *all);
    }
    if (phase == 1) {
        TableRef target = g.get_table("class_LinkTarget");
        const char* names[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta"};
        for (int i = 0; i < 6; ++i) {
            size_t row = target->add_empty_row();
            target->set_string(0, row, names[i]);
            target->set_int(1, row, (i + 1) * 10);
        }
        TableRef all = g.get_table("class_AllTypes");
        const char* categories[] = {"red", "green", "blue"};
        for (int i = 0; i < 40; ++i) {
            size_t row = all->add_empty_row();
            all->set_int(0, row, 1000 + i * 3);
            all->set_bool(1, row, i % 2 == 0);
            all->set_int(2, row, i % 5 == 0 ? -(int64_t(1) << 40) - i : i * 1000003);
            all->set_float(3, row, float(i) * 1.25f - 7.5f);
            all->set_double(4, row, i == 3 ? 1e300 : double(i) / 3.0);
            std::string text = i % 4 == 0 ? "" : (i % 4 == 1 ? "short " + std::to_string(i)
                               : (i % 4 == 2 ? "a medium string of more than sixteen bytes #" + std::to_string(i)
                                             : std::string(80 + i, 'x') + " long string, \xC3\xA9t\xC3\xA9 #" + std::to_string(i)));
            all->set_string(5, row, text);
            std::string blob(size_t(i % 7) * 9, char(i));
            all->set_binary(6, row, BinaryData(blob.data(), blob.size()));
            all->set_timestamp(7, row, Timestamp(1500000000 + int64_t(i) * 86400 - (i == 7 ? 1600000000 : 0),
                                                 i % 3 == 0 ? 0 : i * 1000001));
            if (i % 3 != 0) {
                all->set_bool(8, row, i % 2 == 1);
                all->set_int(9, row, i % 6 == 1 ? 0 : int64_t(i) * -77);
                all->set_float(10, row, i % 6 == 1 ? 0.0f : float(i) / 8.0f);
                all->set_double(11, row, i % 6 == 1 ? -0.0 : double(i) * 1.5e-9);
                put(all, 12, row, i % 6 == 1 ? "" : "opt \xE2\x9C\x93 " + std::to_string(i));
                std::string opt(size_t(i % 5), char('A' + i % 26));
                all->set_binary(13, row, BinaryData(opt.data(), opt.size()));
                all->set_timestamp(14, row, Timestamp(-int64_t(i) * 1000, i * 7));
            }
            else {
                all->set_null(8, row);
                all->set_null(9, row);
                all->set_null(10, row);
                all->set_null(11, row);
                all->set_null(12, row);
                all->set_null(13, row);
                all->set_null(14, row);
            }
            all->set_string(15, row, categories[i % 3]);
            if (i % 5 != 4)
                put(all, 16, row, "key-" + std::to_string(i % 9));
            else
                all->set_null(16, row);
            all->set_int(17, row, i % 4);
            if (i % 4 != 3)
                all->set_link(18, row, size_t(i % 6));
            LinkViewRef links = all->get_linklist(19, row);
            for (int k = 0; k < i % 4; ++k)
                links->add(size_t((i + k * 2) % 6));
            if (i % 9 == 5)
                links->add(size_t((i) % 6)); // a target twice
            TableRef ints = all->get_subtable(20, row);
            for (int k = 0; k < i % 5; ++k) {
                size_t r = ints->add_empty_row();
                ints->set_int(0, r, int64_t(k) * 100 - i);
            }
            TableRef strs = all->get_subtable(21, row);
            for (int k = 0; k < i % 3; ++k) {
                size_t r = strs->add_empty_row();
                if (k == 1)
                    strs->set_null(0, r);
                else
                    put(strs, 0, r, "s" + std::to_string(i) + "-" + std::to_string(k));
            }
            TableRef dates = all->get_subtable(22, row);
            for (int k = 0; k < i % 2 + (i % 7 == 0 ? 2 : 0); ++k) {
                size_t r = dates->add_empty_row();
                dates->set_timestamp(0, r, Timestamp(int64_t(i) * 3600 + k, k * 500));
            }
            TableRef bools = all->get_subtable(23, row);
            for (int k = 0; k < i % 4; ++k) {
                size_t r = bools->add_empty_row();
                if (k == 2)
                    bools->set_null(0, r);
                else
                    bools->set_bool(0, r, (i + k) % 2 == 0);
            }
        }
        for (int i = 0; i < 40; ++i) {
            if (i % 5 == 2)
                all->set_link(24, size_t(i), size_t((i * 7) % 40));
        }
        TableRef nopk = g.get_table("class_NoPrimaryKey");
        for (int i = 0; i < 5; ++i) {
            size_t row = nopk->add_empty_row();
            put(nopk, 0, row, "group " + std::to_string(i));
            LinkViewRef items = nopk->get_linklist(1, row);
            for (int k = 0; k <= i; ++k)
                items->add(size_t((i * 11 + k * 5) % 40));
        }
    }
    if (phase == 2) {
        // Deletions as the object store does them, then more objects; then the enumeration of `category`.
        TableRef all = g.get_table("class_AllTypes");
        all->move_last_over(5);
        all->move_last_over(17);
        TableRef target = g.get_table("class_LinkTarget");
        target->move_last_over(2); // links to it become null, list entries go away
        TableRef nopk = g.get_table("class_NoPrimaryKey");
        nopk->move_last_over(1);
        size_t row = nopk->add_empty_row();
        nopk->set_string(0, row, "late group");
        all->optimize(true);
    }
}

void write_alltypes(const std::string& path)
{
    auto history = make_in_realm_history(path);
    SharedGroup sg(*history);
    for (int phase = 0; phase < 3; ++phase) {
        WriteTransaction wt(sg);
        alltypes_phase(wt.get_group(), phase);
        wt.commit();
    }
}

// Writes the same content into `path`, a Realm file of format 6, 7 or 8 without history, in place through a
// free-standing Group: realm-core 5 keeps such a file's format when it commits to it without history
// (`Group::get_target_file_format_version_for_session`). The file's own tables are removed first.
void rewrite_keeping_format(const std::string& path)
{
    Group g(path, nullptr, Group::mode_ReadWrite);
    for (size_t t = 0; t < g.size(); ++t) {
        TableRef table = g.get_table(t);
        for (size_t c = table->get_column_count(); c > 0; --c) {
            DataType type = table->get_column_type(c - 1);
            if (type == type_Link || type == type_LinkList)
                table->remove_column(c - 1);
        }
    }
    while (g.size() > 0)
        g.remove_table(g.size() - 1);
    for (int phase = 0; phase < 3; ++phase) {
        alltypes_phase(g, phase);
        g.commit();
    }
}

void write_rows(const std::string& path)
{
    // Enough rows for B+tree inner nodes in every column (realm-core 5 leaves hold 1000 elements), string primary
    // keys (whose object keys the upgrade derives by hashing), and links between the two tables.
    auto history = make_in_realm_history(path);
    SharedGroup sg(*history);
    WriteTransaction wt(sg);
    Group& g = wt.get_group();
    TableRef metadata = g.add_table("metadata");
    metadata->add_column(type_Int, "version");
    metadata->add_empty_row();
    metadata->set_int(0, 0, 0);
    TableRef pk = g.add_table("pk");
    pk->add_column(type_String, "pk_table");
    pk->add_column(type_String, "pk_property");
    pk->add_search_index(0);
    TableRef person = g.add_table("class_Person");
    person->add_column(type_String, "uuid");
    person->add_column(type_String, "name");
    person->add_column(type_Int, "age", true);
    person->add_column(type_Double, "score");
    person->add_column(type_Timestamp, "born");
    person->add_search_index(0);
    set_primary_key(g, "Person", "uuid");
    TableRef note = g.add_table("class_Note");
    note->add_column(type_Int, "id");
    note->add_column(type_String, "text");
    note->add_column_link(type_Link, "author", *person);
    note->add_column_link(type_LinkList, "readers", *person);
    note->add_search_index(0);
    set_primary_key(g, "Note", "id");
    for (int i = 0; i < 2600; ++i) {
        size_t row = person->add_empty_row();
        put(person, 0, row, "person-" + std::to_string(i * 7919 % 100003));
        put(person, 1, row, i % 10 == 0 ? std::string(70, 'n') + std::to_string(i) : "P" + std::to_string(i));
        if (i % 13 == 0)
            person->set_null(2, row);
        else
            person->set_int(2, row, 18 + i % 70);
        person->set_double(3, row, double(i) * 0.5);
        person->set_timestamp(4, row, Timestamp(int64_t(i) * 1000003, i % 1000));
    }
    for (int i = 0; i < 1200; ++i) {
        size_t row = note->add_empty_row();
        note->set_int(0, row, i * 2 + 1);
        put(note, 1, row, "note " + std::to_string(i));
        note->set_link(2, row, size_t(i * 17 % 2600));
        LinkViewRef readers = note->get_linklist(3, row);
        for (int k = 0; k < i % 3; ++k)
            readers->add(size_t((i + k * 101) % 2600));
    }
    for (int i = 0; i < 30; ++i)
        person->move_last_over(size_t(i * 37));
    wt.commit();
}

} // namespace

int main(int argc, char* argv[])
{
    if (argc == 3) {
        write_alltypes(argv[1]);
        write_rows(argv[2]);
        return 0;
    }
    if (argc == 3 + 1 && std::string(argv[1]) == "--keep-format") {
        rewrite_keeping_format(argv[2]);
        return 0;
    }
    std::cerr << "usage: write_old_fixtures <alltypes.realm> <rows.realm>\n"
                 "       write_old_fixtures --keep-format <format-6-to-8 file without history> -\n";
    return 2;
}

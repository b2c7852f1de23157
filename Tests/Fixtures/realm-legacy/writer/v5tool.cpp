// Helper for making truth dumps of old Realm files with realm-core v5 (always run on scratch copies):
//   v5tool upgrade PATH     open through SharedGroup with in-realm history, letting realm-core 5 upgrade formats 2-8 to 9
//   v5tool copy SRC DST     open SRC read-only (formats 6-9) and write its latest version to DST without history
#include <realm.hpp>
#include <realm/history.hpp>
#include <iostream>
#include <string>

using namespace realm;

int main(int argc, char* argv[])
{
    std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "upgrade" && argc == 3) {
        auto history = make_in_realm_history(argv[2]);
        SharedGroupOptions options;
        options.allow_file_format_upgrade = true;
        SharedGroup sg(*history, options);
        ReadTransaction rt(sg);
        std::cout << "tables: " << rt.get_group().size() << "\n";
        return 0;
    }
    if (mode == "copy" && argc == 4) {
        Group g(argv[2]);
        g.write(argv[3]);
        return 0;
    }
    std::cerr << "usage: v5tool upgrade PATH | v5tool copy SRC DST\n";
    return 2;
}

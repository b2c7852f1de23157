// Writes a .realm file of the `large` fixture's shape (Track and Album, each album a list of 100 tracks) with any
// number of tracks, through realm-core itself, for the rehearsal benchmark's size table. Our own program; it links
// a realm-core build that is fetched and never committed (see scripts/build-realm-tools).
//
//   write-albums TRACKS OUTPUT.realm
//
// TRACKS is a positive multiple of 100; the file holds TRACKS tracks (ids 1...TRACKS) and TRACKS / 100 albums.
// Slot k of album a links track ((a - 1) * 100 + k) * 7919 mod TRACKS + 1, the fixtures' formula, so every track is
// on exactly one album. Values are pseudo-random with the fixtures' sizes and ranges (not their exact values).

#include <realm/db.hpp>
#include <realm/history.hpp>
#include <realm/list.hpp>
#include <realm/transaction.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

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
    uint64_t below(uint64_t bound) { return next() % bound; }
};

const char* const syllables[] = {"ka", "lo", "mi", "re", "su", "ta", "ne", "vo", "da", "pi"};
const char* const genres[] = {"Rock", "Pop", "Jazz", "Classical", "Hip-Hop", "Electronic", "Folk", "Metal", "Blues"};

std::string artist_name(int index)
{
    std::string name = "Artist ";
    for (int divisor = 100; divisor > 0; divisor /= 10)
        name += syllables[(index / divisor) % 10];
    return name + " " + std::to_string(index);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: write-albums TRACKS OUTPUT.realm\n");
        return 64;
    }
    const long long tracks = std::atoll(argv[1]);
    if (tracks <= 0 || tracks % 100 != 0 || tracks > 100000000) {
        std::fprintf(stderr, "write-albums: TRACKS must be a positive multiple of 100\n");
        return 64;
    }
    const long long albums = tracks / 100;
    const int64_t base_seconds = -315619200; // 1960-01-01T00:00:00Z
    Random random{20261203};

    auto db = realm::DB::create(realm::make_in_realm_history(), argv[2]);
    realm::ColKey title, artist, duration, genre, release_date, album_title, album_tracks;
    {
        auto transaction = db->start_write();
        auto metadata = transaction->add_table("metadata");
        auto version = metadata->add_column(realm::type_Int, "version");
        metadata->create_object().set(version, int64_t(1));
        auto album = transaction->add_table_with_primary_key("class_Album", realm::type_Int, "id");
        album_title = album->add_column(realm::type_String, "title");
        auto track = transaction->add_table_with_primary_key("class_Track", realm::type_Int, "id");
        title = track->add_column(realm::type_String, "title");
        artist = track->add_column(realm::type_String, "artist");
        duration = track->add_column(realm::type_Double, "duration");
        genre = track->add_column(realm::type_String, "genre", true);
        release_date = track->add_column(realm::type_Timestamp, "releaseDate");
        album_tracks = album->add_column_list(*track, "tracks");
        transaction->commit();
    }
    const long long per_transaction = 100000;
    for (long long first = 1; first <= tracks; first += per_transaction) {
        auto transaction = db->start_write();
        auto track = transaction->get_table("class_Track");
        for (long long id = first; id < first + per_transaction && id <= tracks; ++id) {
            char text[32];
            std::snprintf(text, sizeof text, "Song %08x #%07lld", unsigned(random.below(1ull << 32)), id % 10000000);
            auto object = track->create_object_with_primary_key(int64_t(id));
            object.set(title, realm::StringData(text));
            object.set(artist, realm::StringData(artist_name(int(random.below(1000)))));
            object.set(duration, 60.0 + 0.125 * double(random.below(6721)));
            if (random.below(10) == 0)
                object.set_null(genre);
            else
                object.set(genre, realm::StringData(genres[random.below(9)]));
            object.set(release_date, realm::Timestamp(base_seconds + int64_t(random.below(2000000000)),
                                                      int32_t(random.below(1000)) * 1000000));
        }
        transaction->commit();
    }
    {
        auto transaction = db->start_write();
        auto track = transaction->get_table("class_Track");
        auto album = transaction->get_table("class_Album");
        for (long long id = 1; id <= albums; ++id) {
            char text[32];
            std::snprintf(text, sizeof text, "Album %05lld", id);
            auto object = album->create_object_with_primary_key(int64_t(id));
            object.set(album_title, realm::StringData(text));
            auto list = object.get_linklist(album_tracks);
            for (long long slot = 0; slot < 100; ++slot) {
                long long target = (((id - 1) * 100 + slot) * 7919) % tracks + 1;
                list.add(track->get_objkey_from_primary_key(int64_t(target)));
            }
        }
        transaction->commit();
    }
    return 0;
}

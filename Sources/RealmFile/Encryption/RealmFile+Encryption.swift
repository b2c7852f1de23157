import Foundation

extension RealmFileReader {
    /// Opens the file at `url`, decrypting it with `encryptionKey` when one is given (the 64-byte key the app
    /// passed to `Realm.Configuration(encryptionKey:)`). Without a key this is `init(url:)`.
    ///
    /// Pages are decrypted on demand, as the reader reaches them, into private memory; no decrypted copy is
    /// written to disk.
    ///
    /// ```swift
    /// let realm = try RealmFileReader(url: realmURL, encryptionKey: keyFromKeychain)
    /// ```
    ///
    /// - Throws: `RealmFileError`; encryption problems have kind `.encryption(_)`: `.wrongEncryptionKey`,
    ///   `.fileIsNotEncrypted` (a key for a plain file), `.invalidKeyLength`, `.truncatedFile`,
    ///   `.invalidIVTableEntry` and `.pageAuthenticationFailed` (damage, with file offsets). An encrypted file
    ///   opened without a key throws kind `.encrypted`.
    public convenience init(url: URL, encryptionKey: Data?) throws(RealmFileError) {
        guard let encryptionKey else {
            try self.init(url: url)
            return
        }
        try self.init(storage: EncryptedFileStorage(url: url, key: encryptionKey))
    }
}

import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// Which declared properties have storage, the condition realm-swift's `-[RLMProperty
/// initWithName:indexed:linkPropertyDescriptor:property:]` puts on a column (a backing instance variable, not
/// readonly): written accessors, `@synthesize`, `@dynamic`, categories and class extensions.
@Suite struct ObjectiveCStorageTests {
    static let header = """
        #import <Realm/Realm.h>

        @interface Contact : RLMObject
        @property NSString *firstName;
        @property NSString *lastName;
        @property (readonly) NSString *fullName;
        @property NSString *displayName;
        @property (getter=isFavorite, setter=markFavorite:) BOOL favorite;
        @property NSString *phone;
        @property NSString *email;
        @property (readonly) NSString *identifier;
        @property (class, nonatomic, copy) NSString *defaultCountry;
        @end
        """

    static let implementation = """
        #import "Contact.h"

        @interface Contact ()
        @property (readwrite) NSString *identifier;
        @property NSString *localNote;
        @end

        @interface Contact (Formatting)
        @property (readonly) NSString *initials;
        @end

        @implementation Contact
        @synthesize phone = _phone;
        @dynamic email;

        // Both accessors written and no @synthesize: no instance variable, so no column.
        - (NSString *)displayName { return self.firstName; }
        - (void)setDisplayName:(NSString *)displayName { self.firstName = displayName; }

        // Custom accessor names: both written too.
        - (BOOL)isFavorite { return NO; }
        - (void)markFavorite:(BOOL)favorite { }

        // Both written, but @synthesize gives it a variable: stored.
        - (NSString *)phone { return _phone; }
        - (void)setPhone:(NSString *)phone { _phone = [phone copy]; }

        // Only the getter written: the setter and the variable are still synthesized.
        - (NSString *)lastName { return @"x"; }

        - (NSString *)fullName { return [NSString stringWithFormat:@"%@ %@", self.firstName, self.lastName]; }
        @end
        """

    @Test func onlyPropertiesWithStorageArePersisted() throws {
        let result = RealmModelParser.parse([
            .init(path: "Contact.h", text: Self.header), .init(path: "Contact.m", text: Self.implementation),
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let contact = try #require(result.schema[className: "Contact"])
        #expect(contact.properties.map(\.name) == ["firstName", "lastName", "phone", "identifier", "localNote"])
        let rules = Dictionary(
            (contact.unpersistedMembers ?? []).map { ($0.name, $0.exclusionRule ?? "") },
            uniquingKeysWith: { first, _ in first })
        #expect(
            rules == [
                "fullName": "readonly (Realm persists only readwrite properties)",
                "displayName": "its getter and setter are both written (no @synthesize): no storage",
                "favorite": "its getter and setter are both written (no @synthesize): no storage",
                "email": "@dynamic: no storage",
                "initials": "declared in a category, which gives it no storage",
                "defaultCountry": "a class property (not an object's)",
            ])
        // The class extension's readwrite redeclaration keeps the header's place and line.
        #expect(contact[property: "identifier"]?.sourceLocation?.description == "Contact.h:11")
        #expect(contact[property: "localNote"]?.sourceLocation?.description == "Contact.m:5")
    }
}

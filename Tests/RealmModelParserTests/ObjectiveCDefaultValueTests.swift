import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// `+defaultPropertyValues` literals become Swift defaults with the value C gives them: escapes decoded, octal
/// numbers read as octal, C-only number spellings rewritten; a value of another type is not carried over.
@Suite struct ObjectiveCDefaultValueTests {
    static let source = """
        #import <Realm/Realm.h>

        @interface Settings : RLMObject
        @property NSString *greeting;
        @property NSString *quoted;
        @property NSString *accented;
        @property NSString *escaped;
        @property NSInteger permissions;
        @property NSInteger mask;
        @property double ratio;
        @property float scale;
        @property double whole;
        @property BOOL enabled;
        @property BOOL archived;
        @property NSInteger offset;
        @property NSInteger mismatched;
        @property NSString *notAString;
        @property NSDate *created;
        @end

        @implementation Settings
        + (NSDictionary *)defaultPropertyValues {
            return @{
                @"greeting": @"Hello, \\"world\\"\\n",
                @"quoted": @"a \\\\(b)",
                @"accented": @"caf\\u00e9",
                @"escaped": @"\\x41\\101",
                @"permissions": @0755,
                @"mask": @0xFF,
                @"ratio": @.5,
                @"scale": @2.f,
                @"whole": @3,
                @"enabled": @YES,
                @"archived": @0,
                @"offset": @(-12),
                @"mismatched": @1.5,
                @"notAString": @42,
                @"created": [NSDate date],
            };
        }
        @end
        """

    @Test func literalsBecomeSwiftDefaultsWithTheirCValues() throws {
        let result = RealmModelParser.parse([.init(path: "Settings.m", text: Self.source)])
        let settings = try #require(result.schema[className: "Settings"])
        let expected: [String: String?] = [
            "greeting": #""Hello, \"world\"\n""#, "quoted": #""a \\(b)""#, "accented": "\"café\"",
            "escaped": "\"AA\"", "permissions": "493", "mask": "0xff", "ratio": "0.5", "scale": "2.0", "whole": "3",
            "enabled": "true", "archived": "false", "offset": "-12", "mismatched": nil, "notAString": nil,
            "created": "Date()",
        ]
        for (name, value) in expected {
            #expect(settings[property: name]?.defaultValue == value, "\(name)")
        }
        let notes = result.diagnostics.filter { $0.severity == .note }.map(\.message)
        #expect(notes.count == 2, "\(notes)")
    }
}

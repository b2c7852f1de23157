import NotesCore

/// The widget's timeline entry, named like the framework's model.
struct Note {
    var text: String
}

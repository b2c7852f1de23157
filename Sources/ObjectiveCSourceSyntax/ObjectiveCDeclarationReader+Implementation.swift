/// `@implementation` blocks and `@property` declarations.
extension ObjectiveCDeclarationReader {
    mutating func readImplementation() {
        guard let (start, nameToken) = classKeywordAndName() else { return }
        var implementation = ObjectiveCImplementation(
            name: nameToken.text, line: start.line, conditions: activeConditions())
        if current?.isPunctuation("(") == true {
            index += 1
            var category = ""
            while let token = current, token.kind == .identifier {
                category += token.text
                index += 1
            }
            if current?.isPunctuation(")") == true { index += 1 }
            implementation.category = category
        }
        if current?.isPunctuation("{") == true { skipBalanced() }
        while let token = current {
            let before = index
            switch token.kind {
            case .directive:
                handleDirective()
            case .atKeyword where token.text == "@end":
                index += 1
                file.implementations.append(implementation)
                return
            case .atKeyword where token.text == "@interface" || token.text == "@implementation":
                problem(start.line, .unbalanced, "'@implementation \(nameToken.text)' is never closed with '@end'")
                file.implementations.append(implementation)
                return
            case .atKeyword where token.text == "@synthesize":
                index += 1
                var expectsName = true
                while let name = current, !name.isPunctuation(";"), name.kind != .atKeyword {
                    if name.kind == .identifier, expectsName { implementation.synthesizedProperties.append(name.text) }
                    expectsName = name.isPunctuation(",")
                    index += 1
                }
                if current?.isPunctuation(";") == true { index += 1 }
            case .atKeyword where token.text == "@dynamic":
                index += 1
                while let name = current, !name.isPunctuation(";"), name.kind != .atKeyword {
                    if name.kind == .identifier { implementation.dynamicProperties.append(name.text) }
                    index += 1
                }
                if current?.isPunctuation(";") == true { index += 1 }
            case .punctuation where token.text == "+" || token.text == "-":
                if let method = readMethod() { implementation.methods.append(method) }
            case .punctuation where token.bracketDepthChange > 0:
                skipBalanced()
            default:
                index += 1
            }
            if index == before { index += 1 }
        }
        problem(start.line, .unbalanced, "'@implementation \(nameToken.text)' is never closed with '@end'")
        file.implementations.append(implementation)
    }

    /// A method definition at the current `+`/`-`: its selector and body.
    private mutating func readMethod() -> ObjectiveCMethod? {
        guard let sign = current else { return nil }
        index += 1
        if current?.isPunctuation("(") == true { skipBalanced() }
        var selector = ""
        while let token = current {
            if token.kind == .identifier, peek(1)?.isPunctuation(":") == true {
                selector += token.text + ":"
                index += 2
            } else if token.isPunctuation(":") {
                selector += ":"
                index += 1
            } else if token.kind == .identifier, selector.isEmpty {
                selector = token.text
                index += 1
                break
            } else {
                break
            }
            if current?.isPunctuation("(") == true { skipBalanced() }  // the parameter's type
            if current?.kind == .identifier, peek(1)?.isPunctuation(":") != true { index += 1 }  // its name
        }
        // Whatever follows the selector (`, ...`, attributes) up to the body or the `;`.
        while let token = current, !token.isPunctuation("{"), !token.isPunctuation(";"), token.kind != .atKeyword,
            !token.isPunctuation("+"), !token.isPunctuation("-")
        {
            if token.bracketDepthChange > 0 { skipBalanced() } else { index += 1 }
        }
        guard current?.isPunctuation("{") == true else {
            if current?.isPunctuation(";") == true { index += 1 }
            return nil
        }
        let bodyStart = index + 1
        let conditions = activeConditions()
        skipBalanced()
        let bodyEnd = max(bodyStart, index - 1)
        guard !selector.isEmpty else { return nil }
        return ObjectiveCMethod(
            selector: selector, isClassMethod: sign.text == "+", body: Array(tokens[bodyStart..<bodyEnd]),
            line: sign.line, conditions: conditions)
    }

    /// The property (or properties: `@property NSString *a, *b;`) at the current `@property`.
    mutating func readProperty() -> [ObjectiveCProperty] {
        guard let start = current else { return [] }
        index += 1
        var attributes: [String] = []
        if current?.isPunctuation("(") == true {
            index += 1
            var attribute = ""
            while let token = current, !token.isPunctuation(")"), token.kind != .atKeyword,
                !token.isPunctuation(";")
            {
                index += 1
                if token.isPunctuation(",") {
                    attributes.append(attribute)
                    attribute = ""
                } else {
                    attribute += token.text
                }
            }
            if !attribute.isEmpty { attributes.append(attribute) }
            if current?.isPunctuation(")") == true { index += 1 }
        }
        let declarationTokens = tokensBeforeSemicolon()
        guard current?.isPunctuation(";") == true else {
            problem(start.line, .unreadableDeclaration, "'@property' is not ended by ';'")
            return []
        }
        index += 1
        let conditions = activeConditions()
        let declarators = ObjectiveCTypeReader.declarators(declarationTokens[...])
        guard !declarators.isEmpty else {
            problem(start.line, .unreadableDeclaration, "'@property' without a name that can be read")
            return []
        }
        let attributeText = attributes.isEmpty ? "" : "(\(attributes.joined(separator: ", "))) "
        let written = "@property \(attributeText)\(ObjectiveCTypeReader.text(of: declarationTokens[...]));"
        let nullableAttribute = attributes.contains("nullable") || attributes.contains("null_resettable")
        return declarators.map { declarator in
            var type = declarator.type
            type.isMarkedNullable = type.isMarkedNullable || nullableAttribute
            return ObjectiveCProperty(
                name: declarator.name, attributes: attributes, type: type, line: start.line,
                conditions: conditions, declaration: written)
        }
    }
}

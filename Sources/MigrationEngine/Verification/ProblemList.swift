/// Problems found so far: all counted, the first ones kept.
struct ProblemList {
    private(set) var count = 0
    private(set) var listed: [VerificationProblem] = []

    mutating func add(
        _ kind: VerificationProblem.Kind, _ className: String, _ key: Int64?, _ fields: [String], _ detail: String
    ) {
        count += 1
        if listed.count < VerificationReport.maximumListedProblems {
            listed.append(
                VerificationProblem(kind: kind, className: className, key: key, fields: fields, detail: detail))
        }
    }
}

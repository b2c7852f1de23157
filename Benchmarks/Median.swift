/// The middle of `values` once sorted (the upper middle of an even count); zero when there are none.
func median<Value: Comparable & AdditiveArithmetic>(_ values: [Value]) -> Value {
    let sorted = values.sorted()
    return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
}

import SwiftData

#if os(Linux)
    @_spi(CarryoverRuntime) import SwiftDataCore
#endif

/// What the SwiftData implementation can tell about its memory use: the Linux runtime counts live models (through
/// its runtime-only SPI); Apple's SwiftData does not say.
enum RuntimeStatistics {
    static var peakLiveModels: Int? {
        #if os(Linux)
            SwiftDataRuntimeStatistics.peakLiveModelCount
        #else
            nil
        #endif
    }

    /// The writes the runtime's store fault hook counted (`CARRYOVER_RUNTIME_STORE_FAULT`), or `nil` when it is off.
    static var storeWrites: Int? {
        #if os(Linux)
            SwiftDataRuntimeStatistics.storeWriteCount
        #else
            nil
        #endif
    }

    /// The store file whose write the fault hook failed first, or `nil`.
    static var storeFailedFile: String? {
        #if os(Linux)
            SwiftDataRuntimeStatistics.storeFailedFile
        #else
            nil
        #endif
    }
}

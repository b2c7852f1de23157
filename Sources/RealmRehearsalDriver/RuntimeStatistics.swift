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
}

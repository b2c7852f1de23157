import SwiftData

/// What the SwiftData implementation can tell about its memory use: the Linux runtime counts live models;
/// Apple's SwiftData does not say.
enum RuntimeStatistics {
    static var peakLiveModels: Int? {
        #if os(Linux)
            SwiftDataRuntimeStatistics.peakLiveModelCount
        #else
            nil
        #endif
    }
}

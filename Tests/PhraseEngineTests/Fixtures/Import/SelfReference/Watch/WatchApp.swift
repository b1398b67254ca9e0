import SwiftUI

// The watch app: not the app target.
struct WatchMain {}

import WidgetKit
import SwiftUI

struct HarborWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Harbor", provider: Provider()) { _ in Text("Harbor") }
    }
}

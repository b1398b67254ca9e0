import WidgetKit
import SwiftUI
@main struct TideWidgetBundle: WidgetBundle { var body: some Widget { EmptyWidget() } }

// swift-tools-version: 5.9
// An invented app package, as Swift Playgrounds writes one.
import PackageDescription
import AppleProductTypes

let package = Package(
    name: "Pebble Count",
    defaultLocalization: "en",
    platforms: [.iOS("17.0")],
    products: [
        .iOSApplication(
            name: "Pebble Count",
            targets: ["AppModule"],
            bundleIdentifier: "net.example.pebbles",
            displayVersion: "1.0",
            bundleVersion: "1",
            supportedDeviceFamilies: [.phone]
        )
    ],
    targets: [
        .executableTarget(name: "AppModule", path: "App", resources: [.process("nl.lproj")])
    ]
)

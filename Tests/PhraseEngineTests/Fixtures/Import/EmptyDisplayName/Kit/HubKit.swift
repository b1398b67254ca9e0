import Foundation

public enum HubKit {}

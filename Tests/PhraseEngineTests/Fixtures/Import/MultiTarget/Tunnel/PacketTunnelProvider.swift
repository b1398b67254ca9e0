import NetworkExtension
final class PacketTunnelProvider: NEPacketTunnelProvider {}

import UIKit
final class ShareViewController: UIViewController {}

import Foundation
import ShopAPI

/// Test data for ShopAPI's tests and previews, decoded as the app decodes responses: Fixtures/products.json, a
/// resource of this target that the build plugin does not read (it reads the specs repogen.yaml names, nothing
/// else). (SwiftPM also builds a target only when it has a Swift file: the generated mock alone would not do.)
public enum ShopFixtures {
    public struct Missing: Error {}

    /// The products of Fixtures/products.json.
    public static func products() throws -> [Product] {
        guard let url = Bundle.module.url(forResource: "products", withExtension: "json") else { throw Missing() }
        return try JSONDecoder().decode([Product].self, from: Data(contentsOf: url))
    }
}

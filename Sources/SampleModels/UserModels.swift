// Hand-written models for the sample specs (Specs/user.json) until specs can define their own models.
import Foundation

public struct UserResponse: Decodable, Sendable, Equatable {
    public let userId: Int
    public let name: String

    public init(userId: Int, name: String) {
        self.userId = userId
        self.name = name
    }
}

public enum PlaceType: String, Codable, Sendable {
    case recentSearch = "RECENT_SEARCH"
    case favorite = "FAVORITE"
}

public struct PlaceResponse: Decodable, Sendable, Equatable {
    public let placeId: String
    public let name: String
}

public struct DeviceRegisterInput: Encodable, Sendable, Equatable {
    public var pushPlatformType: String
    public var pushToken: String

    public init(pushPlatformType: String, pushToken: String) {
        self.pushPlatformType = pushPlatformType
        self.pushToken = pushToken
    }
}

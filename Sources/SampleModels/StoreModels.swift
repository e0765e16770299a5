// Hand-written models for the sample specs (Specs/store.json) until specs can define their own models.
import Foundation

/// A page of results with the cursor for the next page, the real app's pagination shape.
public struct ContentsWithCursorResponse<T: Decodable & Sendable>: Decodable, Sendable {
    public let contents: [T]
    public let cursor: CursorResponse

    public init(contents: [T], cursor: CursorResponse) {
        self.contents = contents
        self.cursor = cursor
    }
}

extension ContentsWithCursorResponse: Equatable where T: Equatable {}

/// Where the next page starts.
public struct CursorResponse: Decodable, Sendable, Equatable {
    public let nextCursor: String?
    public let hasMore: Bool

    public init(nextCursor: String?, hasMore: Bool) {
        self.nextCursor = nextCursor
        self.hasMore = hasMore
    }
}

public struct FetchAroundStoreInput: Encodable, Sendable, Equatable {
    public var distanceM: Double
    public var categoryIds: [String]?
    public var cursor: String?
    public var mapLatitude: Double
    public var mapLongitude: Double

    public init(distanceM: Double, categoryIds: [String]? = nil, cursor: String? = nil, mapLatitude: Double, mapLongitude: Double) {
        self.distanceM = distanceM
        self.categoryIds = categoryIds
        self.cursor = cursor
        self.mapLatitude = mapLatitude
        self.mapLongitude = mapLongitude
    }
}

public struct FetchStoreDetailInput: Sendable, Equatable {
    public var storeId: Int
    public var latitude: Double
    public var longitude: Double

    public init(storeId: Int, latitude: Double, longitude: Double) {
        self.storeId = storeId
        self.latitude = latitude
        self.longitude = longitude
    }
}

public struct CursorInput: Sendable, Equatable {
    public var cursor: String?
    public var size: Int

    public init(cursor: String? = nil, size: Int = 20) {
        self.cursor = cursor
        self.size = size
    }
}

public enum DisplayItemType: String, Codable, Sendable, CaseIterable {
    case menu = "MENU"
    case review = "REVIEW"
    case photo = "PHOTO"
}

public enum VisitType: String, Codable, Sendable {
    case exists = "EXISTS"
    case notExists = "NOT_EXISTS"
}

public struct StoreNewsPostStickersReplaceInput: Encodable, Sendable, Equatable {
    public var stickers: [String]

    public init(stickers: [String]) {
        self.stickers = stickers
    }
}

public struct StoreCreateRequestInput: Encodable, Sendable, Equatable {
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var categories: [String]

    public init(name: String, latitude: Double, longitude: Double, categories: [String]) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.categories = categories
    }
}

public struct StoreReviewUpdateInput: Encodable, Sendable, Equatable {
    public var contents: String
    public var rating: Int

    public init(contents: String, rating: Int) {
        self.contents = contents
        self.rating = rating
    }
}

public struct StoreWithExtraResponse: Decodable, Sendable, Equatable {
    public let storeId: String
    public let name: String
    public let distanceM: Int
}

public struct StoreDetailResponse: Decodable, Sendable, Equatable {
    public let storeId: Int
    public let name: String
    public let categories: [String]

    public init(storeId: Int, name: String, categories: [String]) {
        self.storeId = storeId
        self.name = name
        self.categories = categories
    }
}

public struct StoreCategoryResponse: Decodable, Sendable, Equatable {
    public let categoryId: String
    public let name: String
}

public struct StoreImageResponse: Decodable, Sendable, Equatable {
    public let imageId: Int
    public let url: String
}

public struct StoreNewsPostResponse: Decodable, Sendable, Equatable {
    public let postId: String
    public let body: String
}

public struct DisplayItemResponse: Decodable, Sendable, Equatable {
    public let type: DisplayItemType
    public let title: String
}

public struct StoreCreateResponse: Decodable, Sendable, Equatable {
    public let storeId: Int
}

public struct StoreActivitiesResponse: Decodable, Sendable, Equatable {
    public let visitCount: Int
    public let reviewCount: Int
}

public struct StoreReviewResponse: Decodable, Sendable, Equatable {
    public let reviewId: Int
    public let contents: String
    public let rating: Int
}

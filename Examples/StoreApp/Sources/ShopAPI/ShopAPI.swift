// ShopAPI is what the build plugin generates from shop.yaml (ShopModels, ShopApi, ShopRepository with its cache),
// compiled into this module at every build where the spec, the config or a template changed. SwiftPM builds a
// target only when it has a Swift file of its own, hence this one: the app's code is in ShopFeature.

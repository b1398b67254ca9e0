/// Names of widely used apps, one word each, lowercase and unaccented, as a recognizer writes
/// them. A person who says one ("start a run in Strava", "play jazz on Spotify") names that
/// app, not a catalog app that merely sounds like it: such a word is never heard as a catalog
/// app's name by sound (`Query.findSlots`). A word the catalogs themselves say (an app called
/// "Notion", a playlist called "Spotify Hits") is a catalog word and is matched as usual.
///
/// The list is general knowledge of app stores (music, fitness, messaging, social, travel,
/// food, money, productivity), not tuned to any corpus; it needs no locale, since app names
/// are mostly said as written. Names that are also common words ("line", "signal", "zoom",
/// "target") are left out: there the word more likely means itself.
enum OtherApps {
    static let names: Set<String> = [
        // Music, audio, video
        "spotify", "deezer", "tidal", "pandora", "soundcloud", "shazam", "audible", "youtube", "netflix",
        "hulu", "twitch", "vimeo", "crunchyroll", "iheartradio", "tunein", "overcast", "pocketcasts",
        "castbox", "napster", "qobuz", "anghami", "jiosaavn", "gaana", "boomplay",
        // Fitness and health
        "strava", "fitbit", "garmin", "peloton", "myfitnesspal", "runkeeper", "nike", "adidas", "komoot",
        "zwift", "headspace", "noom", "whoop", "oura", "suunto", "withings", "freeletics",
        "runtastic", "lifesum", "yazio", "fitbod", "sweatcoin",
        // Messaging and social
        "whatsapp", "telegram", "wechat", "kakaotalk", "viber", "skype",
        "discord", "snapchat", "instagram", "facebook", "tiktok", "twitter", "reddit",
        "pinterest", "linkedin", "tumblr", "bereal", "mastodon", "bluesky", "weibo", "douyin", "zalo",
        // Work and productivity
        "notion", "evernote", "todoist", "trello", "asana", "slack", "webex", "dropbox", "onedrive",
        "gmail", "onenote", "ticktick", "obsidian", "airtable", "clickup",
        "jira", "confluence", "miro", "canva", "figma", "grammarly", "duolingo", "babbel",
        "chatgpt", "alexa", "cortana", "bixby",
        // Travel and transport
        "uber", "lyft", "gojek", "didi", "cabify", "freenow", "blablacar", "airbnb",
        "expedia", "tripadvisor", "skyscanner", "kayak", "waze", "citymapper", "moovit",
        "trainline", "flixbus",
        // Food and shopping
        "starbucks", "mcdonalds", "dunkin", "dominos", "doordash", "grubhub", "deliveroo", "glovo",
        "ubereats", "justeat", "lieferando", "ifood", "rappi", "swiggy", "zomato", "foodpanda",
        "instacart", "amazon", "ebay", "etsy", "aliexpress", "temu", "shein", "zalando", "ikea",
        "walmart", "costco", "rakuten", "mercadolibre", "shopee", "lazada", "flipkart",
        // Money
        "paypal", "venmo", "cashapp", "zelle", "revolut", "monzo", "n26", "klarna", "payback",
        "coinbase", "robinhood", "paytm", "phonepe", "alipay", "wechatpay", "bizum",
        "twint", "satispay", "vipps", "mobilepay",
    ]

    /// Whether `word` (a normalized unit) is the name of a widely used app.
    static func isKnown(_ word: String) -> Bool { names.contains(word) }
}

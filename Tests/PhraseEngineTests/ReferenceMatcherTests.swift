import Foundation
import Testing
@testable import PhraseEngine

/// The fast search against the reference matcher (`ReferenceMatcher`: every expanded phrase, plain
/// dynamic programs, no pruning) on seeded random catalogs and utterances: inside the reference's
/// domain (its file header, docs/matching.md) the two agree exactly on the decision, the best
/// result (shortcut and value) and its score to the 4 decimals results are reported at. In
/// English, in French (marks the normalizer folds, elided articles, forms), in Greek (a script
/// of its own), in Russian (Cyrillic, a letter kept marked), in Korean (Hangul, particles
/// split off words, the Hangul rewrites) and in Chinese (Han characters, no spaces; Simplified,
/// and Traditional, some utterances written in Simplified characters; Hong Kong, Cantonese
/// function words), in Hebrew (connectors glued to the next word) and in Japanese (Han and kana,
/// words written another way that sound the same).
@Suite struct ReferenceMatcherTests {
    /// The words of one locale's random catalogs and utterances.
    struct Language {
        var locale: String
        var words: [String]
        var valueWords: [String]
        /// Synonyms of options that are no other value's words.
        var valueSynonyms: [String]
        var fillers: [String]
        var unknown = ["zorbl", "kwazy", "flurp", "snigget", "vorpal", "gribble", "plonk"]
        var appNames = ["Zephyr Quill", "Nimbus", "Quasar Hub", "Orbit Fern"]
        var alternatives = ["Velvet", "Copper Kite", "Marble"]
        /// The connector before a name that ends a phrase ("in") and before one inside it ("with").
        var connectors: (last: String, inside: String)
        /// A Bool's display names.
        var pairs: [(String, String)]
        /// Words only negative phrases say.
        var negative: [String]
        /// Opening the app ("open"), and the word joining the request to it ("and").
        var openVerbs: [String]
        var then: String
        /// Talk after the request.
        var talk: [String]
        /// Numbers said (some of them catalog words).
        var numbers: [String]
        /// Numbers the catalogs say: ending some values ("bedroom 2"), in some phrases ("set 10").
        var valueNumbers: [String] = []
        var phraseNumbers: [String] = []
        /// The ordinals 1-12 ("second" for the "2" of "bedroom 2", said "the second bedroom").
        var ordinals: [String] = []
        /// Words that sound like a number ("to" for "2").
        var numberSounds: [String: String] = [:]
        /// The article before an ordinal ("the second bedroom").
        var article = "the"
        /// The connectors glued after the app name, which starts the phrase or stands inside it
        /// ("님버스에서 뉴스 보여줘", ko) rather than before it ("show news in Nimbus").
        var appFirst = false
        /// The letters a recognizer's damage puts in a word.
        var damageLetters = Array("bdfgkmpqvwxz")
        /// Words written apart (false: Chinese, no spaces; phrases and utterances are characters).
        var spaced = true
        /// Numbers ending an app's name in some rounds ("Nimbus 54").
        var nameNumbers: [String] = []
        /// Words of letters and digits some catalogs say ("mp3", "n5", "4k"), and others said that
        /// none says ("mp4", "x9").
        var codes: [String] = []
        var otherCodes: [String] = []
        /// Traditional Chinese: some utterances written in Simplified characters.
        var simplified = false
        /// The connector before a name that ends a phrase is glued to it (he "בנימבוס").
        var glued = false
        /// Words some utterances say colloquially, as the profile's contractions read them (zh-HK
        /// "喺" for "在").
        var colloquial: [String: String] = [:]
        /// Words written without spaces joining a parameter said twice ("和${p}", "或${p}").
        var joiners = ("和", "或")
        /// Catalog words some utterances write another way that sounds the same (ja: kana for
        /// kanji, "かいし" for "開始"; a homophone, "週間" for "習慣"), as a recognizer writes them.
        var homophones: [String: [String]] = [:]
        /// A text's words: by its spaces, or its characters where the locale writes none.
        func split(_ text: String) -> [String] {
            spaced ? text.split(separator: " ").map(String.init) : text.filter { $0 != " " }.map(String.init)
        }
        func join(_ words: some Sequence<String>) -> String { words.joined(separator: spaced ? " " : "") }
    }

    /// How alternative names sound, as their pronunciation hints spell it.
    /// (Words unlike any catalog word's, so that the catalog's words stay pairwise unrelated: a
    /// hint that sounds like its name is a sound-alike of it, outside the domain.)
    static let hints = ["Velvet": "plush", "Copper Kite": "rusty glider", "Marble": "stone", "Zephyr": "breeze",
                        "Nimbus": "cloud", "Quasar": "beacon", "Orbit": "circuit"]

    static let en = Language(
        locale: "en",
        words: ["play", "show", "log", "start", "stop", "news", "jazz", "water", "morning", "list", "note", "task",
                "kitchen", "coffee", "order", "timer", "focus", "reader", "habit", "music", "daily", "sport", "world",
                // Catalog words related to others: an inflection, a synonym.
                "notes", "timers", "begin", "display"],
        valueWords: ["rock", "blues", "salsa", "tango", "lemon", "garden", "office", "bedroom", "yoga", "river", "jazz", "morning"],
        valueSynonyms: ["harbor", "canyon", "melody"],
        fillers: ["please", "hey", "um", "the", "my", "can", "you", "now"],
        connectors: ("in", "with"), pairs: [("loud", "quiet"), ("bright", "dim"), ("done", "skipped")],
        negative: ["purge", "banish", "cancel"], openVerbs: ["open", "launch", "start", "go to"], then: "and",
        talk: ["because", "it", "was", "late", "please"], numbers: ["2", "two", "three", "42", "ten", "first", "7"],
        valueNumbers: ["2", "4", "8", "3", "10", "14", "three"], phraseNumbers: ["2", "five", "first", "10"],
        ordinals: ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"],
        numberSounds: ["2": "to", "4": "for", "8": "ate"], nameNumbers: ["54", "2", "9", "4", "360"],
        codes: ["mp3", "n5", "4k", "r2d2", "x1"], otherCodes: ["mp4", "x9", "n6", "b12"])

    /// French: marks the normalizer folds ("tâche", "météo"), elided articles ("l'eau"), forms and
    /// synonyms of the profile's ("joue" / "jouez", "affiche" / "montre").
    static let fr = Language(
        locale: "fr",
        words: ["joue", "affiche", "note", "arrête", "tâche", "café", "commande", "minuteur", "lecture", "habitude", "musique",
                "météo", "réveil", "cuisine", "matin", "liste", "l'eau", "sport", "monde", "quotidien", "rappel", "actualités",
                // Catalog words related to others: a form, a synonym, an inflection.
                "jouez", "montre", "notes"],
        valueWords: ["rock", "blues", "salsa", "tango", "citron", "jardin", "bureau", "chambre", "yoga", "rivière", "océan", "matin"],
        valueSynonyms: ["fleuve", "canyon", "mélodie"],
        fillers: ["stp", "le", "la", "mon", "tu peux", "s'il te plaît", "je veux", "svp"],
        connectors: ("dans", "avec"), pairs: [("fort", "doux"), ("clair", "sombre"), ("fait", "sauté")],
        negative: ["purge", "bannis", "annule"], openVerbs: ["ouvre", "lance", "va sur"], then: "et",
        talk: ["parce", "que", "c'était", "tard", "stp"], numbers: ["2", "deux", "trois", "42", "dix", "premier", "7"],
        valueNumbers: ["2", "4", "8", "3", "10", "14", "trois"], phraseNumbers: ["2", "cinq", "premier", "10"],
        ordinals: ["premier", "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième", "huitième", "neuvième", "dixième",
                   "onzième", "douzième"], article: "la", nameNumbers: ["54", "2", "9", "4", "360"],
        codes: ["mp3", "n5", "4k", "r2d2", "x1"], otherCodes: ["mp4", "x9", "n6", "b12"])

    /// Greek: a script of its own whose marks the normalizer folds ("δείξε" is "δειξε"), final
    /// sigma one letter with σ, names in Greek, keys by romanization; forms and synonyms of the
    /// profile's ("ξεκίνα" / "ξεκίνησε", "δείξε" / "εμφάνισε").
    static let el = Language(
        locale: "el",
        words: ["παίξε", "δείξε", "κατάγραψε", "ξεκίνα", "σταμάτα", "ειδήσεις", "τζαζ", "νερό", "πρωί", "λίστα", "σημείωση", "εργασία",
                "κουζίνα", "καφές", "παραγγελία", "χρονόμετρο", "εστίαση", "συνήθεια", "μουσική", "καθημερινή", "αθλητισμός", "κόσμος",
                // Catalog words related to others: an inflection, a synonym, a form.
                "σημειώσεις", "εμφάνισε", "ξεκίνησε"],
        valueWords: ["ροκ", "μπλουζ", "σάλσα", "τάνγκο", "λεμόνι", "κήπος", "γραφείο", "υπνοδωμάτιο", "γιόγκα", "ποτάμι", "θάλασσα", "πρωί"],
        valueSynonyms: ["λιμάνι", "φαράγγι", "μελωδία"],
        fillers: ["παρακαλώ", "σε παρακαλώ", "το", "μου", "θέλω", "λοιπόν", "απλά", "εεε"],
        unknown: ["ζορμπλ", "κβαζι", "φλουρπ", "σνιγκετ", "βορπαλ", "γκριμπλ", "πλονκ"],
        appNames: ["Ζέφυρος Πένα", "Νεφέλη", "Κουάζαρ Κόμβος", "Τροχιά Φτέρη"],
        alternatives: ["Βελούδο", "Χάλκινος Χαρταετός", "Μάρμαρο"],
        connectors: ("στο", "με"), pairs: [("δυνατά", "σιγά"), ("φωτεινό", "σκοτεινό"), ("έγινε", "παραλείφθηκε")],
        negative: ["εκκαθάρισε", "απόρριψε", "ακύρωσε"], openVerbs: ["άνοιξε", "εκκίνησε", "πήγαινε στο"], then: "και",
        talk: ["γιατί", "ήταν", "αργά", "παρακαλώ"], numbers: ["2", "δύο", "τρία", "42", "δέκα", "πρώτο", "7"],
        valueNumbers: ["2", "4", "8", "3", "10", "14", "τρία"], phraseNumbers: ["2", "πέντε", "πρώτο", "10"],
        ordinals: ["πρώτο", "δεύτερο", "τρίτο", "τέταρτο", "πέμπτο", "έκτο", "έβδομο", "όγδοο", "ένατο", "δέκατο", "ενδέκατο", "δωδέκατο"],
        article: "το", nameNumbers: ["54", "2", "9", "360"])

    /// Russian: Cyrillic, its marks folded but for the й it keeps ("сыграй" written "сыграи" is
    /// the word, unmarked), forms and synonyms of the profile's ("начни" / "запусти").
    static let ru = Language(
        locale: "ru",
        words: ["сыграй", "покажи", "запиши", "начни", "останови", "новости", "джаз", "воду", "утро", "список", "заметку", "задачу",
                "кухня", "кофе", "заказ", "таймер", "фокус", "привычку", "музыку", "ежедневные", "спорт", "мир", "чайник", "музей",
                // Catalog words related to others: an inflection, a synonym, a form.
                "заметки", "запусти", "сыграйте"],
        valueWords: ["рок", "блюз", "сальса", "танго", "лимон", "сад", "офис", "спальня", "йога", "река", "море", "утро"],
        valueSynonyms: ["гавань", "каньон", "мелодия"],
        fillers: ["пожалуйста", "можешь", "хочу", "мой", "мне", "я хочу", "мне нужно", "ты можешь"],
        unknown: ["зорбл", "кувази", "флурп", "сниггет", "ворпал", "гриббл", "плонк"],
        appNames: ["Зефир Перо", "Нимбус", "Квазар Хаб", "Орбита Папоротник"],
        alternatives: ["Бархат", "Медный Змей", "Мрамор"],
        connectors: ("в", "с"), pairs: [("громко", "тихо"), ("ярко", "тускло"), ("сделано", "пропущено")],
        negative: ["очисти", "сбрось", "отмени"], openVerbs: ["открой", "зайди в"], then: "и",
        talk: ["потому", "что", "было", "поздно"], numbers: ["2", "два", "три", "42", "десять", "первый", "7"],
        valueNumbers: ["2", "4", "8", "3", "10", "14", "три"], phraseNumbers: ["2", "пять", "первый", "10"],
        ordinals: ["первый", "второй", "третий", "четвертый", "пятый", "шестой", "седьмой", "восьмой", "девятый", "десятый",
                   "одиннадцатый", "двенадцатый"],
        article: "мой", nameNumbers: ["54", "2", "9", "360"])

    /// Korean: Hangul syllables, words segmented by spaces with particles glued to them that
    /// the normalizer splits off ("요가" is "요" and the particle "가"; "님버스에서" the name and
    /// the connector "에서"), the app name first with a connector glued to it, words a recognizer
    /// runs together or spaces apart (the Hangul rewrites), endings and synonyms of the
    /// profile's ("보여줘" / "표시해줘"), names of three syllables or more heard one syllable off.
    static let ko = Language(
        locale: "ko",
        words: ["재생해줘", "보여줘", "기록해줘", "시작해줘", "멈춰줘", "뉴스", "재즈", "물", "아침", "목록", "메모", "할일",
                "주방", "커피", "주문", "타이머", "집중", "독서", "습관", "음악", "매일", "운동", "세계",
                // Catalog words related to others: a synonym, a form (an ending), an inflection.
                "노트", "표시해줘", "보여"],
        valueWords: ["록", "블루스", "살사", "탱고", "레몬", "정원", "사무실", "침실", "요가", "강", "바다", "아침"],
        valueSynonyms: ["항구", "협곡", "멜로디"],
        fillers: ["좀", "제발", "부탁해", "그냥", "빨리", "주세요", "내", "저기"],
        unknown: ["조르블", "콰지", "플러프", "스니겟", "보르팔", "그리블", "플론크"],
        appNames: ["제피르 퀼", "님버스", "퀘이사 허브", "오빗 펀"],
        alternatives: ["벨벳", "코퍼 카이트", "마블"],
        connectors: ("에서", "으로"), pairs: [("크게", "조용히"), ("밝게", "어둡게"), ("완료", "건너뜀")],
        negative: ["초기화해줘", "차단해줘", "취소해줘"], openVerbs: ["열고", "실행하고", "켜고"], then: "그리고",
        talk: ["왜냐하면", "늦었어", "그래서", "어제"], numbers: ["2", "둘", "셋", "42", "열", "7"],
        valueNumbers: ["2", "4", "8", "3", "10", "14"], phraseNumbers: ["2", "5", "10"],
        article: "그", appFirst: true, damageLetters: Array("가나다라마바사카타파하"))

    /// Chinese (Simplified): Han characters, words written without spaces and cut into characters
    /// by the normalizer, homophone characters a recognizer picks ("波" for "播"), the app clause
    /// around the name ("在${applicationName}里") or before it ("用${applicationName}").
    static let zh = Language(
        locale: "zh-Hans",
        words: ["播放", "显示", "记录", "开始", "停止", "新闻", "爵士", "喝水", "早晨", "列表", "笔记", "任务",
                "厨房", "咖啡", "订单", "计时器", "专注", "阅读", "习惯", "音乐", "每日", "运动", "世界"],
        valueWords: ["摇滚", "蓝调", "萨尔萨", "探戈", "柠檬", "花园", "办公室", "卧室", "瑜伽", "河流", "海洋", "早晨"],
        valueSynonyms: ["港口", "峡谷", "旋律"],
        fillers: ["请", "帮我", "一下", "吧", "我想", "麻烦你", "好吗", "谢谢"],
        unknown: ["犇鑫", "淼", "焱垚", "骉", "羴", "鱻犇", "猋"],
        appNames: ["泽风 羽笔", "云朵", "星港 枢纽", "轨道 蕨"],
        alternatives: ["丝绒", "铜 风筝", "大理石"],
        connectors: ("里", "用"), pairs: [("大声", "安静"), ("明亮", "昏暗"), ("完成", "跳过")],
        negative: ["清除", "禁止", "取消"], openVerbs: ["打开", "启动", "进入"], then: "然后",
        talk: ["因为", "太晚", "了", "所以"], numbers: ["两", "三", "42", "十", "两杯"],
        valueNumbers: ["2", "4", "8", "3", "10", "三"], phraseNumbers: ["2", "五", "第一", "10", "三杯", "十张"],
        ordinals: ["第一", "第二", "第三", "第四", "第五", "第六", "第七", "第八", "第九", "第十", "第十一", "第十二"],
        article: "那个", damageLetters: Array("波心问计路席事度犇淼"), spaced: false)

    /// Chinese (Traditional): the same in Traditional characters, which the normalizer folds to
    /// Simplified ones, catalogs and utterances alike; some utterances written in Simplified
    /// characters (`simplified`), as a recognizer set to another region writes them.
    static let zhHant = Language(
        locale: "zh-Hant",
        words: ["播放", "顯示", "記錄", "開始", "停止", "新聞", "爵士", "喝水", "早晨", "列表", "筆記", "任務",
                "廚房", "咖啡", "訂單", "計時器", "專注", "閱讀", "習慣", "音樂", "每日", "運動", "世界"],
        valueWords: ["搖滾", "藍調", "薩爾薩", "探戈", "檸檬", "花園", "辦公室", "臥室", "瑜伽", "河流", "海洋", "早晨"],
        valueSynonyms: ["港口", "峽谷", "旋律"],
        fillers: ["請", "幫我", "一下", "吧", "我想", "麻煩你", "好嗎", "謝謝"],
        unknown: ["犇鑫", "淼", "焱垚", "驫", "羴", "鱻犇", "猋"],
        appNames: ["澤風 羽筆", "雲朵", "星港 樞紐", "軌道 蕨"],
        alternatives: ["絲絨", "銅 風箏", "大理石"],
        connectors: ("裡", "用"), pairs: [("大聲", "安靜"), ("明亮", "昏暗"), ("完成", "跳過")],
        negative: ["清除", "禁止", "取消"], openVerbs: ["打開", "啟動", "進入"], then: "然後",
        talk: ["因為", "太晚", "了", "所以"], numbers: ["兩", "三", "42", "十", "兩杯"],
        valueNumbers: ["2", "4", "8", "3", "10", "三"], phraseNumbers: ["2", "五", "第一", "10", "三杯", "十張"],
        ordinals: ["第一", "第二", "第三", "第四", "第五", "第六", "第七", "第八", "第九", "第十", "第十一", "第十二"],
        article: "那個", damageLetters: Array("波心問計路席事度犇淼"), spaced: false, simplified: true)

    /// Hebrew: a script of its own, words segmented by spaces, the connectors "ב" and "מ" glued to
    /// the app's name as prefixes the profile attaches ("בנימבוס", "in Nimbus"), so that a word
    /// after them ending the utterance may name another app; forms and synonyms of the
    /// profile's ("הצג" / "תציג", "עצור" / "הפסק").
    static let he = Language(
        locale: "he",
        words: ["נגן", "הצג", "רשום", "התחל", "עצור", "חדשות", "מים", "בוקר", "רשימה", "פתק", "משימה", "מטבח", "קפה",
                "הזמנה", "טיימר", "ריכוז", "קריאה", "הרגל", "מוזיקה", "יומי", "ספורט", "עולם",
                // Catalog words related to others: a form, a synonym.
                "תציג", "הפסק"],
        valueWords: ["רוק", "בלוז", "סלסה", "טנגו", "לימון", "גינה", "משרד", "חדר", "יוגה", "נהר", "ים", "בוקר"],
        valueSynonyms: ["נמל", "קניון", "מנגינה"],
        fillers: ["בבקשה", "אפשר", "רק", "רגע", "אני רוצה", "תוכל", "שלי", "זה"],
        unknown: ["זורבל", "קוואזי", "פלורפ", "סניגט", "וורפל", "גריבל", "פלונק"],
        appNames: ["זפיר קולמוס", "נימבוס", "קוואזר רכזת", "אורביט שרך"],
        alternatives: ["קטיפה", "עפיפון נחושת", "שיש"],
        connectors: ("ב", "עם"), pairs: [("חזק", "שקט"), ("בהיר", "כהה"), ("בוצע", "דולג")],
        negative: ["טהר", "גרש", "בטל"], openVerbs: ["פתח", "הפעל"], then: "ואז",
        talk: ["כי", "היה", "מאוחר", "אתמול"], numbers: ["2", "שתיים", "שלוש", "42", "עשר", "7"],
        valueNumbers: ["2", "4", "8", "3", "10", "14"], phraseNumbers: ["2", "10"],
        article: "את", damageLetters: Array("בדגכמפקשתז"), glued: true)

    /// Chinese (Hong Kong): Traditional characters, the Cantonese function words of the zh-HK
    /// profile ("唔該", "度"), some utterances saying "喺" for "在" (a contraction it reads).
    static let zhHK: Language = {
        var l = zhHant
        l.locale = "zh-HK"
        l.fillers = ["唔該", "幫我", "一下", "啦", "我想", "麻煩你", "可唔可以", "吖"]
        l.connectors = ("度", "用")
        l.openVerbs = ["打開", "開啟", "入去"]
        l.then = "跟住"
        l.article = "嗰個"
        l.simplified = false
        l.colloquial = ["在": "喺"]
        return l
    }()

    /// Japanese: Han and kana without spaces (the normalizer's dictionary segmentation, each
    /// character a unit, hiragana folded to katakana), names in katakana with the connector
    /// after them ("ニンバスで…"), Han and katakana numbers and counters ("3杯", "1番目"),
    /// catalog words written another way that sounds the same (the reading table's
    /// homophones: kana for kanji, other kanji).
    static let ja = Language(
        locale: "ja",
        words: ["再生", "表示", "記録", "開始", "停止", "ニュース", "ジャズ", "水", "朝", "リスト", "メモ", "タスク",
                "キッチン", "コーヒー", "注文", "タイマー", "集中", "読書", "習慣", "音楽", "毎日", "スポーツ", "世界",
                "見せて", "始めて"],
        valueWords: ["ロック", "ブルース", "サルサ", "タンゴ", "レモン", "庭", "事務所", "寝室", "ヨガ", "川", "海", "朝"],
        valueSynonyms: ["港", "峡谷", "メロディ"],
        fillers: ["お願い", "ちょっと", "えっと", "ください", "あの", "ねえ", "すみません", "お願いします"],
        unknown: ["ゾルブル", "クワジ", "フラープ", "スニゲット", "ボーパル", "グリブル", "プロンク"],
        appNames: ["ゼファー クイル", "ニンバス", "クエーサー ハブ", "オービット シダ"],
        alternatives: ["ベルベット", "コッパー カイト", "マーブル"],
        connectors: ("で", "で"), pairs: [("大きく", "静かに"), ("明るく", "暗く"), ("完了", "スキップ")],
        negative: ["消去", "禁止", "取消"], openVerbs: ["開いて", "起動して", "立ち上げて"], then: "それから",
        talk: ["なぜなら", "遅かった", "昨日", "だから"], numbers: ["二つ", "三", "42", "十", "2", "3杯"],
        valueNumbers: ["2", "4", "8", "3", "10", "三"], phraseNumbers: ["2", "五", "第一", "10", "3杯", "1番目"],
        ordinals: ["1番目", "2番目", "3番目", "4番目", "5番目", "6番目", "7番目", "8番目", "9番目", "10番目", "11番目", "12番目"],
        article: "", appFirst: true, damageLetters: Array("波心問計路席事度カキクサシ"), spaced: false,
        joiners: ("と", "か"),
        homophones: ["習慣": ["しゅうかん", "週間"], "開始": ["かいし", "カイシ"], "停止": ["ていし"], "注文": ["ちゅうもん", "註文"],
                     "集中": ["しゅうちゅう"], "音楽": ["おんがく"], "毎日": ["まいにち"], "世界": ["せかい"], "再生": ["さいせい", "最盛"],
                     "表示": ["ひょうじ", "標示"], "読書": ["どくしょ"], "寝室": ["しんしつ", "心室"], "港": ["みなと", "湊"],
                     "峡谷": ["強国"], "朝": ["あさ"], "水": ["みず"], "庭": ["にわ"], "海": ["うみ"]])

    /// Traditional characters → Simplified ones (ICU's, as the normalizer folds them).
    static let traditionalToSimplified = Core.buildTraditionalToSimplified()

    /// A random catalog of an app: 2-6 shortcuts of 1-3 phrases of 1-4 words, half with the
    /// entity parameter (sometimes said twice, sometimes beside a second one), the app name first
    /// or last after "in", sometimes inside with "with".
    static func catalog(_ rng: inout SplitMix, id: Int, name: String, _ lang: Language = en) throws -> Catalog {
        let words = lang.words, valueWords = lang.valueWords
        var options: [String] = []
        var titles = Set<String>()
        // Every other catalog says numbers (issue 50).
        let numbered = rng.below(2) == 0
        // One round in three (from the second), words of letters and digits ("mp3", "n5").
        let coded = !lang.codes.isEmpty && (id / 10) % 3 == 1
        for _ in 0..<(2 + rng.below(6)) {
            var t = lang.join((0..<(1 + rng.below(2))).map { _ in rng.pick(valueWords) })
            // Sometimes a value ending with a number ("bedroom 2", "garden three").
            if numbered && !lang.valueNumbers.isEmpty && rng.below(4) == 0 { t += (lang.spaced ? " " : "") + rng.pick(lang.valueNumbers) }
            // Sometimes a word of letters and digits in it ("mp3 blues", "n5").
            if coded && rng.below(3) == 0 { t = rng.below(2) == 0 ? rng.pick(lang.codes) : rng.pick(lang.codes) + " " + t }
            // Sometimes a synonym ("harbor" for "river", or another value's word).
            let synonym = rng.below(4) == 0 ? ",\"synonyms\":[\"\(rng.pick(lang.valueSynonyms + valueWords))\"]" : ""
            if titles.insert(t).inserted { options.append("{\"id\":\"o\(options.count)\",\"title\":\"\(t)\"\(synonym)}") }
        }
        var shortcuts: [String] = []
        // Two ways to start a request ("log water" / "note water"), said by some phrases of
        // several shortcuts: where one shortcut says both, the others' imply the other way.
        let lead = (rng.pick(words), rng.pick(words), rng.pick(words))
        for s in 0..<(2 + rng.below(5)) {
            var phrases: [String] = []
            // No parameter, the entity, or (one shortcut in six) a Bool with display names.
            let kind = rng.below(6)
            let param = kind < 3
            // Sometimes a second parameter (q, an entity) that one phrase names beside p: no
            // phrase holds two parameters (the template yields nothing, `multipleParameters`).
            let second = param && rng.below(4) == 0
            // Sometimes (without one) a String parameter no phrase says: free text (issue 50).
            let query = !param && rng.below(2) == 0
            var firstWords: [String] = []
            for k in 0..<(1 + rng.below(3)) {
                var ws = (0..<(1 + rng.below(4))).map { _ in rng.pick(words) }
                if rng.below(3) == 0 { ws = [lead.0, lead.2] + ws.prefix(2) }
                // Sometimes the first phrase with one word said another way ("log ${p}" / "note
                // ${p}"): a paraphrase the catalog implies for its other phrases.
                let literals = firstWords.indices.filter { !firstWords[$0].hasPrefix("$") }
                if k > 0, rng.below(2) == 0, !literals.isEmpty {
                    ws = firstWords
                    ws[firstWords.first == lead.0 ? 0 : rng.pick(literals)] = firstWords.first == lead.0 ? lead.1 : rng.pick(words)
                    firstWords = []
                }
                // Sometimes a number in the phrase ("set 10 ${p}", "play the first ${p}").
                if numbered && !lang.phraseNumbers.isEmpty && rng.below(6) == 0 { ws.insert(rng.pick(lang.phraseNumbers), at: rng.below(ws.count + 1)) }
                // Sometimes a word of letters and digits ("play mp3 music", "show 4k news").
                if coded && rng.below(4) == 0 { ws.insert(rng.pick(lang.codes), at: rng.below(ws.count + 1)) }
                if param { ws.insert("${p}", at: rng.below(ws.count + 1)) }
                // Sometimes a phrase saying the String parameter ("search ${query}"): it yields no
                // phrase (a String is never expanded), its words no word of the catalog.
                if query && rng.below(3) == 0 { ws.insert("${query}", at: rng.below(ws.count + 1)) }
                // Sometimes the parameter twice ("play ${p} and ${p}": one parameter, one value).
                if param && rng.below(5) == 0 { ws.insert(rng.pick(lang.spaced ? ["${p}", "and ${p}", "or ${p}"] : ["${p}", lang.joiners.0 + "${p}", lang.joiners.1 + "${p}"]), at: rng.below(ws.count + 1)) }
                if second && k == 0 { ws.insert("${q}", at: rng.below(ws.count + 1)) }
                if k == 0 && !second { firstWords = ws }
                let phrase: String
                switch rng.below(4) {
                // (Chinese: the app first, inside after "用", or in its clause "在${applicationName}里".)
                case 0 where !lang.spaced: phrase = "${applicationName}" + lang.join(ws)
                case 1 where !lang.spaced && ws.count >= 2:
                    let k = 1 + rng.below(ws.count - 1)
                    // (Japanese: the connector after the name, "…ニンバスで…".)
                    phrase = lang.join(ws[..<k] + [lang.appFirst ? "${applicationName}" + lang.connectors.inside : lang.connectors.inside + "${applicationName}"] + ws[k...])
                case _ where !lang.spaced && lang.appFirst: phrase = "${applicationName}\(lang.connectors.last)" + lang.join(ws)
                case _ where !lang.spaced: phrase = "在${applicationName}\(lang.connectors.last)" + lang.join(ws)
                case 0: phrase = "${applicationName} " + ws.joined(separator: " ")
                case 1 where lang.appFirst && ws.count >= 2:
                    let k = 1 + rng.below(ws.count - 1)
                    phrase = (ws[..<k] + ["${applicationName}\(lang.connectors.inside)"] + ws[k...]).joined(separator: " ")
                case _ where lang.appFirst: phrase = "${applicationName}\(lang.connectors.last) " + ws.joined(separator: " ")
                case 1 where ws.count >= 2:
                    let k = 1 + rng.below(ws.count - 1)
                    phrase = (ws[..<k] + [lang.connectors.inside, "${applicationName}"] + ws[k...]).joined(separator: " ")
                // (Hebrew: the connector glued to the name, "… בנימבוס".)
                case _ where lang.glued: phrase = ws.joined(separator: " ") + " \(lang.connectors.last)${applicationName}"
                default: phrase = ws.joined(separator: " ") + " \(lang.connectors.last) ${applicationName}"
                }
                phrases.append("\"\(phrase)\"")
            }
            let pair = rng.pick(lang.pairs)
            let params = !param ? (query ? "\"parameters\":{\"query\":\"String\"}," : "") : kind == 0 ? "\"parameters\":{\"p\":{\"type\":\"Bool\",\"displayName\":{\"true\":\"\(pair.0)\",\"false\":\"\(pair.1)\"}}\(second ? ",\"q\":\"E\"" : "")},"
                : second ? "\"parameters\":{\"p\":\"E\",\"q\":\"E\"}," : "\"parameters\":{\"p\":\"E\"},"
            shortcuts.append("{\"intent\":\"I\(s)\",\(params)\"phrases\":[\(phrases.joined(separator: ","))]}")
        }
        // Sometimes an alternative name ("Nimbus" for "Nimbus Hub", or another word).
        // (Sometimes with a pronunciation hint: "Velvet" said "plush".)
        var alternativeName = rng.below(2) == 0 && name.contains(" ") ? String(name.split(separator: " ")[0]) : rng.pick(lang.alternatives)
        if !lang.spaced { alternativeName = alternativeName.replacingOccurrences(of: " ", with: "") }
        let hint = Self.hints[alternativeName].map { rng.below(2) == 0 ? ",\"pronunciationHint\":\"\($0)\"" : "" } ?? ""
        let alternative = rng.below(3) == 0 ? ",\"alternativeNames\":[{\"name\":\"\(alternativeName)\"\(hint)}]" : ""
        // Sometimes negative phrases: a word only they say ("purge ${applicationName}"), or words
        // of the phrases, with or without the app's name.
        var negatives = ""
        if rng.below(3) == 0 {
            let list = (0..<(1 + rng.below(2))).map { _ -> String in
                let ws = [rng.pick(lang.negative)] + (0..<rng.below(3)).map { _ in rng.pick(words) }
                if !lang.spaced {
                    let clause = lang.appFirst ? "${applicationName}\(lang.connectors.last)" : "在${applicationName}\(lang.connectors.last)"
                    return "\"" + (rng.below(3) == 0 ? lang.join(ws) : clause + lang.join(ws)) + "\""
                }
                return "\"" + (rng.below(3) == 0 ? ws.joined(separator: " ") : ws.joined(separator: " ") + " \(lang.connectors.last) ${applicationName}") + "\""
            }
            negatives = ",\"negativePhrases\":[\(list.joined(separator: ","))]"
        }
        // (Chinese names are written without spaces.)
        let name = lang.spaced ? name : name.replacingOccurrences(of: " ", with: "")
        let json = "{\"developmentLocale\":\"\(lang.locale)\",\"app\":{\"id\":\"app\(id)\",\"name\":\"\(name)\"\(alternative)},\"entities\":{\"E\":{\"options\":[\(options.joined(separator: ","))]}},\"shortcuts\":[\(shortcuts.joined(separator: ","))]\(negatives)}"
        return try CatalogLoader.parse(json, file: "random\(id).json")
    }

    /// A recognizer's damage to a word: a letter dropped, changed or doubled.
    static func damage(_ w: String, _ rng: inout SplitMix, letters: [Character] = Array("bdfgkmpqvwxz")) -> String {
        var cs = Array(w)
        guard cs.count >= 2 else { return w + String(letters[0]) }
        let k = rng.below(cs.count)
        switch rng.below(3) {
        case 0: cs.remove(at: k)
        case 1: cs[k] = rng.pick(letters)
        default: cs.insert(cs[k], at: k)
        }
        return String(cs)
    }

    /// Utterances from the catalog's phrases: filler, words reordered, dropped, damaged, joined or
    /// cut in two, numbers, an alternative name said as its pronunciation hint, said by a paraphrase the catalog implies or by a synonym or another form (`synonyms`: word → the locale's synonyms and
    /// forms of it), the value replaced by a word no catalog has, the app name left out; and word
    /// salads.
    static func utterances(_ cats: [Catalog], _ rng: inout SplitMix, synonyms: [String: [String]] = [:], _ lang: Language = en,
                           paraphrases: [(String, String)] = []) -> [String] {
        let words = lang.words, valueWords = lang.valueWords, fillers = lang.fillers, unknown = lang.unknown
        var out: [String] = []
        let phrases = cats.flatMap { Expansion.phrases($0, locale: lang.locale) }
        let appWords = Set(phrases.flatMap { lang.split($0.appName.text.lowercased()) })
        // Catalogs saying words of letters and digits: such words said, some none of theirs.
        let coded = phrases.contains { p in lang.split(p.text.lowercased()).contains { lang.codes.contains($0) } }
        for _ in 0..<(24 * cats.count) {
            guard !phrases.isEmpty else { break }
            let p = rng.pick(phrases)
            var ws = lang.split(p.text.lowercased())
            for _ in 0..<(1 + rng.below(3)) {
                switch rng.below(17) {
                case 16:
                    // Free text, or words about something else: a run of 1-3 words at the end,
                    // right before the app clause that ends the phrase ("… climate change in
                    // nimbus"), or right after the app name that starts it.
                    let run = (0..<(1 + rng.below(3))).map { _ in rng.pick(unknown + lang.talk + valueWords) }
                    let name = lang.split(p.appName.text.lowercased())
                    if let k = ws.firstIndex(of: name[0]), k == 0, rng.below(2) == 0 {
                        ws.insert(contentsOf: run, at: min(ws.count, name.count))
                    } else if let k = ws.firstIndex(of: name[0]), k > 0, ws[k - 1] == lang.connectors.last, rng.below(2) == 0 {
                        ws.insert(contentsOf: run, at: k - 1)
                    } else {
                        ws += run
                    }
                case 14:
                    // A value ending with its number said with the number first as an ordinal
                    // ("the second bedroom"), or a number said as a word that sounds like it
                    // ("bedroom to").
                    if let o = p.option, rng.below(2) == 0 {
                        let vw = lang.split(o.text.lowercased())
                        if vw.count >= 2, let v = Int(vw[vw.count - 1]), v >= 1, v <= lang.ordinals.count,
                           let k = (0...(max(0, ws.count - vw.count))).first(where: { ws.count >= vw.count && Array(ws[$0..<($0 + vw.count)]) == vw }) {
                            ws.replaceSubrange(k..<(k + vw.count), with: (rng.below(2) == 0 && !lang.article.isEmpty ? [lang.article] : []) + [lang.ordinals[v - 1]] + vw.dropLast())
                        }
                    } else if let k = ws.indices.filter({ lang.numberSounds[ws[$0]] != nil }).first {
                        ws[k] = lang.numberSounds[ws[k]]!
                    }
                case 15:
                    // Another number next to the value ("bedroom 3" for "bedroom 2").
                    if let o = p.option, let k = ws.firstIndex(of: lang.split(o.text.lowercased())[0]) {
                        ws.insert(rng.pick(lang.numbers), at: min(ws.count, k + lang.split(o.text).count))
                    }
                case 13:
                    // An alternative name said as its pronunciation hint spells it.
                    if let h = p.appName.pronunciationHint {
                        let name = lang.split(p.appName.text.lowercased())
                        if let k = ws.firstIndex(of: name[0]) {
                            ws.removeSubrange(k..<min(ws.count, k + name.count))
                            ws.insert(contentsOf: h.lowercased().split(separator: " ").map(String.init), at: k)
                        }
                    }
                case 12:
                    // A phrase said as a paraphrase the catalog implies (`paraphrases`: a word of a
                    // phrase and the word of its derived phrase).
                    let usable = paraphrases.filter { ws.contains($0.0) }
                    if !usable.isEmpty, case let (a, b) = rng.pick(usable), let k = ws.firstIndex(of: a) { ws[k] = b }
                case 11 where coded && rng.below(2) == 0:
                    // A word of letters and digits: one no catalog says ("mp4"), or a catalog's
                    // said letter by letter ("m p 3", "n five").
                    if rng.below(2) == 0 {
                        ws.insert(rng.pick(lang.otherCodes), at: rng.below(ws.count + 1))
                    } else if let k = ws.indices.filter({ lang.codes.contains(ws[$0]) }).first {
                        let spelled = ws[k].map { c in c.isNumber && lang.locale == "en" && rng.below(2) == 0 ? (["2": "two", "3": "three", "5": "five", "1": "one", "4": "four"][String(c)] ?? String(c)) : String(c) }
                        ws.replaceSubrange(k...k, with: spelled)
                    }
                case 11:
                    // A number, none of the catalog's: said for the value, or anywhere.
                    let number = rng.pick(lang.numbers)
                    if let o = p.option, rng.below(2) == 0, let k = ws.firstIndex(of: lang.split(o.text.lowercased())[0]) {
                        ws[k] = number
                    } else {
                        ws.insert(number, at: rng.below(ws.count + 1))
                    }
                case 10:
                    // A word said by a synonym or another form the locale knows ("begin" for "start",
                    // "jouez" for "joue").
                    let k = ws.indices.filter { synonyms[ws[$0]] != nil }
                    if let k = k.isEmpty ? nil : rng.pick(k), let list = synonyms[ws[k]] { ws[k] = rng.pick(list) }
                case 8:
                    // Two words written joined ("timerstart"; the phrase's next words, or any two).
                    if ws.count >= 2 { let k = rng.below(ws.count - 1); ws[k] += ws.remove(at: k + 1) }
                case 9:
                    // A word cut in two ("kit chen").
                    if !ws.isEmpty {
                        let k = rng.below(ws.count), w = Array(ws[k])
                        if w.count >= 2 {
                            let cut = 1 + rng.below(w.count - 1)
                            ws[k] = String(w[..<cut])
                            ws.insert(String(w[cut...]), at: k + 1)
                        }
                    }
                case 0: ws.insert(rng.pick(fillers + lang.negative), at: rng.below(ws.count + 1))
                case 1: if ws.count >= 2 { let k = rng.below(ws.count - 1); ws.swapAt(k, k + 1) }
                case 2: if ws.count >= 3 { ws.remove(at: rng.below(ws.count)) }
                case 3:
                    // (Not digits: a recognizer writes a number whole.)
                    if !ws.isEmpty { let k = rng.below(ws.count); if !ws[k].contains(where: \.isNumber) {
                        // (A character: another, often a homophone, or none.)
                        if !lang.spaced && ws[k].count == 1 {
                            if rng.below(4) == 0 && ws.count >= 3 { ws.remove(at: k) } else { ws[k] = String(rng.pick(lang.damageLetters)) }
                        } else {
                            ws[k] = damage(ws[k], &rng, letters: lang.damageLetters)
                        }
                    } }
                case 4:
                    // The value replaced by a word the catalog never says.
                    if let o = p.option {
                        let vw = lang.split(o.text.lowercased())
                        if let k = ws.firstIndex(of: vw[0]) {
                            ws.removeSubrange(k..<min(ws.count, k + vw.count))
                            ws.insert(rng.pick(unknown), at: k)
                        }
                    } else {
                        ws.insert(rng.pick(unknown), at: rng.below(ws.count + 1))
                    }
                case 5 where lang.glued && rng.below(2) == 0:
                    // Another app named with the connector glued to its name ("בזורבל" for "בנימבוס").
                    let other = lang.connectors.last + rng.pick(unknown)
                    if let k = ws.firstIndex(where: { w in appWords.contains { w == lang.connectors.last + $0 } }) { ws[k] = other } else { ws.append(other) }
                case 5: ws.removeAll { appWords.contains($0) || $0 == lang.connectors.last || $0 == lang.connectors.inside }
                case 6:
                    if rng.below(2) == 0, ws.count >= 3 { let k = ws.count - 1 - rng.below(2); ws = Array(ws[k...]) + Array(ws[..<k]) } else {
                        // The app opened first ("open nimbus and show my news").
                        let name = lang.split(p.appName.text.lowercased())
                        ws.removeAll { appWords.contains($0) }
                        ws = [rng.pick(lang.openVerbs)] + name + (rng.below(2) == 0 ? [lang.then] : []) + ws
                    }
                default:
                    // Words after the request, some of them talk ("… because it was late").
                    for _ in 0..<(1 + rng.below(3)) { ws.append(rng.pick(unknown + lang.talk + words)) }
                }
            }
            var said = lang.join(ws)
            // (Traditional Chinese: one utterance in four written in Simplified characters.)
            if lang.simplified && rng.below(4) == 0 {
                var folded = String.UnicodeScalarView()
                for c in said.unicodeScalars { folded.append(Self.traditionalToSimplified[c.value].flatMap(Unicode.Scalar.init) ?? c) }
                said = String(folded)
            }
            // (One utterance in four said colloquially: zh-HK "喺" for "在".)
            if !lang.colloquial.isEmpty && rng.below(4) == 0 {
                for (a, b) in lang.colloquial.sorted(by: { $0.key < $1.key }) { said = said.replacingOccurrences(of: a, with: b) }
            }
            // (One utterance in three with a catalog word written another way that sounds the
            // same: ja "かいし" for "開始", "週間" for "習慣".)
            if !lang.homophones.isEmpty && rng.below(3) == 0 {
                let said0 = said
                let present = lang.homophones.keys.sorted().filter { said0.contains($0) }
                if !present.isEmpty, case let w = rng.pick(present), let others = lang.homophones[w] {
                    said = said.replacingOccurrences(of: w, with: rng.pick(others))
                }
            }
            out.append(said)
        }
        for _ in 0..<4 {
            out.append(lang.join((0..<(2 + rng.below(5))).map { _ in rng.pick(words + valueWords + fillers) }))
        }
        return out
    }

    /// Disagreements found and not fixed (seed and utterance), each in the report of issue 50.
    static let known: Set<String> = []

    /// Compares the fast search with the reference on `text`; a failure names the seed and how to
    /// run that case alone. Returns the reason the case is outside the domain (nil inside) and the
    /// reference's answer.
    static func compare(_ m: Matcher, _ ref: ReferenceMatcher, _ text: String, seed: UInt64, locale: String = "en",
                        base: UInt64 = 5_000) -> (String?, ReferenceMatcher.Answer?) {
        var o = m.options
        o.explain = false
        o.semantic = false
        let (answer, why) = ref.match(text)
        guard let r = answer else { return (why, nil) }
        if known.contains("\(seed)|\(text)") { return (nil, r) }
        let f = m.match(text, locale: locale, options: o)
        let top = f.results.first
        if ProcessInfo.processInfo.environment["REFM_DEBUG"] != nil {
            print("DEBUG \(text): \(r) | \(f.decision) \(f.results.map { ($0.intent, $0.parameters.map(\.value), $0.score, $0.unknownValue ?? "", $0.terms) })")
            var x = o
            x.exhaustive = true
            var q = RefQuery(ref: ref, text: text)
            print("DEBUG units: \(q.units.map(\.text))")
            _ = q.prepare()
            q.findSpans()
            print("DEBUG app spans: \(ref.appSets.map { a in q.spans[a].map { ($0.start, $0.end, $0.variant, $0.sim) } })")
            for (ti, t) in ref.templates.enumerated() where t.intent == r.intent && ref.catalogs[t.app].app.id == r.app {
                print("DEBUG template: \(t.elems.map { $0.isParam ? "${p}" : $0.text }) weight \(t.totalWeight)")
                if t.paramSet >= 0 {
                    print("DEBUG values: \(ref.sets[t.paramSet].values.map { ($0.words, $0.option) }) spans \(q.spans[t.paramSet].map { ($0.start, $0.end, $0.variant, $0.sim) })")
                }
                q.openAppClause()
                q.clauses()
                print("DEBUG readings: \(q.readings(ti).map { ($0.score, $0.option, $0.variant, $0.moved, $0.terms) })")
            }
            x.explain = true
            if let steps = m.match(text, locale: locale, options: x).results.first?.explanation { print("DEBUG fast steps: \(steps.map { "\($0.kind):\($0.utterance)=\($0.phrase)@\($0.similarity)" })") }
            x.explain = false
            if let c = m.checkAlignments(text, locale: locale, options: o) { print("DEBUG alignment check: \(c.checked) checked, mismatches \(c.mismatches)") }
            for (name, change) in [("full alignment", { (y: inout MatchOptions) in y.fullAlignment = true }), ("no bounds", { $0.noBounds = true })] {
                var y = o
                change(&y)
                print("DEBUG \(name): \(m.match(text, locale: locale, options: y).results.prefix(2).map { ($0.intent, $0.score) })")
            }
            let e = m.match(text, locale: locale, options: x)
            print("DEBUG exhaustive: \(e.decision) \(e.results.map { ($0.intent, $0.parameters.map(\.value), $0.score) })")
        }
        let fastValue = top?.parameters.first?.value
        var ok = f.decision == r.decision
        // Below the search floor nothing is looked for: only the decision is compared.
        if r.realScore >= m.options.model.searchFloor + 0.02 {
            if r.unknownValue != nil {
                ok = ok && top?.unknownValue != nil && top?.score == r.score
            } else {
                ok = ok && top?.app == r.app && top?.intent == r.intent && fastValue == r.value && top?.score == r.score
            }
        }
        if !ok {
            Issue.record("""
                seed \(seed): "\(text)" — reference \(r.decision) \(r.app ?? "-") \(r.intent ?? "-") \(r.value.map { "\($0)" } ?? "-") \(r.score)\
                \(r.unknownValue != nil ? " (unknown value)" : ""); fast \(f.decision) \(top?.app ?? "-") \(top?.intent ?? "-") \
                \(fastValue.map { "\($0)" } ?? "-") \(top?.score ?? 0)\(top?.unknownValue != nil ? " (unknown value)" : ""). \
                Alone: REFM_LOCALE=\(locale) REFM_FIRST=\(seed - base) REFM_ROUNDS=1 REFM_CASE='\(seed)|\(text)' REFM_DEBUG=1 swift test --filter ReferenceMatcherTests
                """)
        }
        return (nil, r)
    }

    /// Seed 5005 (issue 50): a phrase saying its parameter twice was bounded with one slot's
    /// weight, so the word move that beats the reading in order ("start" said before the value)
    /// was never tried (there: 0.7305, where the reference and the unbounded search read 0.8563).
    @Test func aParameterSaidTwiceIsBoundedByBothSlots() throws {
        let json = """
            {"app":{"id":"a","name":"Nimbus"},"entities":{"E":{"options":[{"id":"o0","title":"river"},{"id":"o1","title":"garden"}]}},
             "shortcuts":[{"intent":"I0","parameters":{"p":"E"},"phrases":["timer start ${p} show or ${p} in ${applicationName}"]},
                          {"intent":"I1","parameters":{"p":"E"},"phrases":["${p} task in ${applicationName}"]}]}
            """
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "twice.json")], locales: ["en"])
        let ref = try #require(ReferenceMatcher(m))
        let text = "nimbus garden start show or garden"
        let r = try #require(ref.match(text).answer)
        var o = m.options
        o.semantic = false
        let top = try #require(m.match(text, locale: "en", options: o).results.first)
        o.noBounds = true
        let unbounded = try #require(m.match(text, locale: "en", options: o).results.first)
        #expect(r.intent == "I0" && top.intent == "I0")
        #expect(top.score == 0.8587 && top.score == r.score && unbounded.score == r.score,
                "fast \(top.score), unbounded \(unbounded.score), reference \(r.score)")
    }

    /// Seed 5017 (issue 50): a value span ending inside a Latin word the normalizer cut in two
    /// ("10with": "10" "with") was charged the penalty for cutting a Han or kana word (0.5463,
    /// where the reference read 0.6072): such a word is two words, as written apart.
    @Test func aLatinWordCutInTwoIsNoHanWord() throws {
        let json = """
            {"app":{"id":"a","name":"Orbit"},"entities":{"E":{"options":[{"id":"o0","title":"salsa 10"},{"id":"o1","title":"blues"}]}},
             "shortcuts":[{"intent":"I0","parameters":{"p":"E"},"phrases":["log ${p} reader in ${applicationName}"]},
                          {"intent":"I1","phrases":["show my news in ${applicationName}"]}]}
            """
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "cut.json")], locales: ["en"])
        let ref = try #require(ReferenceMatcher(m))
        var o = m.options
        o.semantic = false
        let glued = try #require(m.match("log salsa 10with reader", locale: "en", options: o).results.first)
        let apart = try #require(m.match("log salsa 10 with reader", locale: "en", options: o).results.first)
        let r = try #require(ref.match("log salsa 10with reader").answer)
        #expect(glued.intent == "I0" && glued.score == apart.score && glued.score == r.score,
                "glued \(glued.score), apart \(apart.score), reference \(r.score)")
    }

    /// Seed 13033 (issue 50): a word of several units read as an extra word and a filler (ko
    /// "습관에서": "습관", a word of another phrase, and the connector "에서" split off it) was
    /// all filler to free text, which took each step's units by its span, shared by both: the
    /// extra word before the app name was not seen, and a run ending the utterance was lifted
    /// as free text past the threshold (a match at 0.6525, where the reference reads no match
    /// at 0.3096): a run with other words said outside it is no free text.
    @Test func anExtraWordKeepsItsRoleBesideItsParticle() throws {
        let json = """
            {"developmentLocale":"ko","app":{"id":"a","name":"님버스"},
             "shortcuts":[{"intent":"Read","parameters":{"query":"String"},"phrases":["${applicationName}에서 독서"]},
                          {"intent":"Log","phrases":["${applicationName}에서 습관 기록해줘"]}]}
            """
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "particle.json")], locales: ["ko"])
        let ref = try #require(ReferenceMatcher(m, locale: "ko"))
        let text = "습관에서 님버스 독서 왜냐하면 플론크 플러프"
        let r = try #require(ref.match(text).answer)
        var o = m.options
        o.semantic = false
        let f = m.match(text, locale: "ko", options: o)
        #expect(r.decision != .match && !r.freeText)
        #expect(f.decision == r.decision && f.results.first?.score == r.score,
                "fast \(f.decision) \(f.results.first?.score ?? 0), reference \(r.decision) \(r.score)")
    }

    /// Seed 11003 (issue 50): a word only values said with their number first say ("8." of
    /// "eighth blues" for "Blues 8") is heard only in such a value's span; the index forgot it
    /// when a second such value said it too ("8." of "tango 8"), so that the word was heard
    /// anywhere: "8." right after the app name cost no adjacent-unknown penalty (0.4896, where
    /// the reference read 0.4504).
    @Test func anOrdinalTwoValuesSayIsHeardOnlyInTheirSpans() throws {
        let json = """
            {"app":{"id":"a","name":"Orbit"},"entities":{"E":{"options":[{"id":"o0","title":"blues 8"},{"id":"o1","title":"tango 8"},
              {"id":"o2","title":"lemon 3"}]}},
             "shortcuts":[{"intent":"I0","parameters":{"p":"E"},"phrases":["${applicationName} ${p} museum"]},
                          {"intent":"I1","phrases":["show news in ${applicationName}"]}]}
            """
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "ordinals.json")], locales: ["en"])
        let index = try #require(m.indexes["en"])
        #expect(Set(index.derivedOnly.map { index.vocabText[Int($0)] }) == ["8.", "3."])
        let ref = try #require(ReferenceMatcher(m))
        let (why, answer) = Self.compare(m, ref, "orbit eighth blues museum zorbl because was", seed: 0, base: 0)
        #expect(why == nil && answer != nil, "outside the domain: \(why ?? "")")
    }

    /// The fuzz target `match`'s catalog (`Fuzz.reference`, Fuzz/Targets/Targets.swift) and the
    /// utterances where its runs found the search and the reference apart (issue 50). The first:
    /// "dailynews" (a split of "daily news") and "nws" (news, misheard) for "show my daily news";
    /// with "news" read from "nws" out of order, the alignment still read "dailynews" as the
    /// split into "daily" and the moved "news", counting "news" twice (0.3313), a reading the
    /// word move's bound, which counts it once, rightly skipped (the search: 0.2542 for "Log").
    /// The second: a window of words longer than any catalog word can relate to ("p", 32 letters,
    /// "lease") is not compared by the search, and the reference heard "blues" in its sound.
    @Test func fuzzFindingsAgree() throws {
        let json = """
            {"app":{"id":"ref","name":"Zephyr Quill","alternativeNames":["Quill"]},
             "entities":{"E":{"options":[{"id":"rock","title":"rock","synonyms":["canyon"]},{"id":"blues","title":"blues"},
               {"id":"st","title":"salsa tango"},{"id":"lg","title":"lemon garden"},{"id":"yoga","title":"yoga"},
               {"id":"r2","title":"room 2"},{"id":"r3","title":"room three"}]}},
             "shortcuts":[
               {"intent":"Play","parameters":{"p":"E"},"phrases":["play ${p} in ${applicationName}","${applicationName} start ${p} music"]},
               {"intent":"News","phrases":["show my daily news in ${applicationName}","${applicationName} news"]},
               {"intent":"Log","parameters":{"p":"E"},"phrases":["log ${p} water with ${applicationName}"]},
               {"intent":"Stop","phrases":["stop the timer in ${applicationName}","stop focus with ${applicationName} now"]},
               {"intent":"Set","phrases":["set 10 timers in ${applicationName}","${applicationName} start the first alarm"]}],
             "negativePhrases":["purge ${applicationName}","purge my daily news"]}
            """
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "reference.json")], locales: ["en"])
        let ref = try #require(ReferenceMatcher(m))
        #expect(ref.catalogIssue == nil)
        for text in ["dailynews record second two you nws", "p.aaaaaaaaaaaaaaaaaaa`aaaaaaaaa`aaaa\u{FFFD}lease"] {
            let (why, answer) = Self.compare(m, ref, text, seed: 0, base: 0)
            #expect(why == nil && answer != nil, "\(text): outside the domain, \(why ?? "")")
        }
    }

    /// Japanese cases where the reference first read otherwise than the search (modelling errors
    /// of the reference's, found on seeds 23035 and 23049): an app name one syllable off,
    /// "ゼクァー水" for "ゼファー水", whose small kana is one syllable with the kana before it across
    /// the units (the reference's window kept "ク" "ァ" apart and read the name by its words: here
    /// 0.5178, the search 0.5183); and a word written in hiragana after the phrase's last word,
    /// "だから", which belongs to the request (a verb's ending) and is no free text (the reference
    /// lifted it: a match at 0.7838, the search none at 0.4902).
    @Test func japaneseFindingsAgree() throws {
        let json = """
            {"developmentLocale":"ja","app":{"id":"a","name":"ゼファー水"},
             "entities":{"E":{"options":[{"id":"o0","title":"サルサ"},{"id":"o1","title":"レモン"}]}},
             "shortcuts":[{"intent":"Play","parameters":{"p":"E"},"phrases":["${applicationName}でジャズ停止${p}"]},
                          {"intent":"Read","parameters":{"query":"String"},"phrases":["${applicationName}で読書","${applicationName}で再生"]}]}
            """
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "ja.json")], locales: ["ja"])
        let ref = try #require(ReferenceMatcher(m, locale: "ja"))
        #expect(ref.catalogIssue == nil)
        for text in ["ゼクァー水でジャズ停止サルサ朝キッチン", "ゼファー水でどくしょだから"] {
            let (why, answer) = Self.compare(m, ref, text, seed: 0, locale: "ja", base: 0)
            #expect(why == nil && answer != nil, "\(text): outside the domain, \(why ?? "")")
        }
    }

    /// An app's names are one option, but a number said beside one of them is checked against
    /// that name's numbers and those of the names it shares a word with, not every name's:
    /// "velvet 3" for the app "Nimbus 2" whose alternative name is "Velvet" names the app, as it
    /// would an app named "Velvet" (the "3" an extra word; before, the span was dropped as
    /// naming another app: the app not heard, no match at 0.4464), while "nimbus 3" still names
    /// another app where the alternative name is "Nimbus" ("Nimbus 2" said without its number).
    @Test func aNumberBesideANameIsThatNamesOwn() throws {
        func matcher(_ name: String, _ alternative: String?) throws -> Matcher {
            let json = """
                {"app":{"id":"a","name":"\(name)"\(alternative.map { ",\"alternativeNames\":[\"\($0)\"]" } ?? "")},
                 "shortcuts":[{"intent":"News","phrases":["show news in ${applicationName}"]},
                              {"intent":"Timer","phrases":["start the timer in ${applicationName}"]}]}
                """
            return Matcher(catalogs: [try CatalogLoader.parse(json, file: "names.json")], locales: ["en"])
        }
        func top(_ m: Matcher, _ text: String) throws -> MatchCandidate {
            var o = m.options
            o.semantic = false
            let ref = try #require(ReferenceMatcher(m))
            let (why, answer) = Self.compare(m, ref, text, seed: 0, base: 0)
            #expect(why == nil && answer != nil, "\(text): outside the domain, \(why ?? "")")
            return try #require(m.match(text, locale: "en", options: o).results.first)
        }
        let velvet = try top(matcher("Nimbus 2", "Velvet"), "show news in velvet 3")
        let alone = try top(matcher("Velvet", nil), "show news in velvet 3")
        #expect(velvet.intent == "News" && velvet.appNamed && velvet.score == alone.score, "\(velvet.score), alone \(alone.score)")
        #expect(try !top(matcher("Nimbus 2", "Nimbus"), "show news in nimbus 3").appNamed)
        #expect(try top(matcher("Nimbus 2", "Nimbus"), "show news in nimbus 2").appNamed)
        // Nor is a name heard by its sound beside another number ("nimbus", whose sound is the
        // joined "Nimbus 2"'s, and "3"): before, that span (0.8) named the app (0.5857).
        #expect(try !top(matcher("Nimbus 2", "Velvet"), "show news in nimbus 3").appNamed)
        #expect(try !top(matcher("Nimbus 2", nil), "show news in nimbus 3").appNamed)
        #expect(try top(matcher("Nimbus 2", nil), "show news in nimbus").appNamed)
    }

    @Test func fastSearchAgreesWithTheReference() throws {
        // (REFM_ROUNDS=N REFM_FIRST=K runs rounds K..<K+N of each locale, REFM_LOCALE=fr one
        // locale's, for a longer search by hand.)
        let env = ProcessInfo.processInfo.environment
        let first = env["REFM_FIRST"].flatMap(Int.init) ?? 0
        // English 40 rounds (seeds 5000…), French 16 (seeds 7000…), Greek 12 (seeds 9000…),
        // Russian 12 (seeds 11000…), Korean 12 (seeds 13000…), Chinese 12 (seeds 15000…), Traditional
        // Chinese 12 (seeds 17000…), Hebrew 12 (seeds 19000…), Hong Kong Chinese 8 (seeds 21000…),
        // Japanese 4 (seeds 23000…; 150 more ran clean in session 35, but a Japanese round costs
        // some 10 s: the suite's time is the long pole of `swift test`).
        for (lang, base, defaultRounds) in [(Self.en, 5_000, 40), (Self.fr, 7_000, 16), (Self.el, 9_000, 12), (Self.ru, 11_000, 12),
                                            (Self.ko, 13_000, 12), (Self.zh, 15_000, 12), (Self.zhHant, 17_000, 12), (Self.he, 19_000, 12),
                                            (Self.zhHK, 21_000, 8), (Self.ja, 23_000, 4)] where env["REFM_LOCALE"].map({ $0 == lang.locale }) ?? true {
            let rounds = env["REFM_ROUNDS"].flatMap(Int.init) ?? defaultRounds
            try agree(lang, seeds: UInt64(base + first)..<UInt64(base + first + rounds), base: UInt64(base))
        }
    }

    /// The fast search against the reference on the rounds `seeds` of `lang`.
    func agree(_ lang: Language, seeds: Range<UInt64>, base: UInt64) throws {
        var inDomain = 0, outside: [String: Int] = [:], catalogs = 0
        var matches = 0, nones = 0, joins = 0, related = 0, numbers = 0, derived = 0, paraphrased = 0, hinted = 0, saidHint = 0, relatedKnown = 0, relatedCatalog = 0
        var numbered = 0, saidOrdinal = 0, saidNumberSound = 0, freeText = 0, readFreeText = 0, saidUnmarked = 0
        var particles = 0, syllablesOff = 0, saysString = 0, manyOptions = 0, charWords = 0, spreadWords = 0, namedNumber = 0, saidCode = 0, gluedClause = 0
        var readAsCatalog = 0, katakanaClause = 0
        for seed in seeds {
            let round = Int(seed - base)
            var rng = SplitMix(state: seed)
            // One to three apps.
            let cats = try (0..<(1 + rng.below(3))).map { k in
                // Every other round, the app's name shares a word with the phrases or values ("Nimbus jazz").
                let name = lang.appNames[(round + k) % lang.appNames.count]
                var full = round % 2 == 0 ? name : name.split(separator: " ")[0] + " " + rng.pick(lang.words + lang.valueWords)
                // One round in four (from the third), a number ending the name ("Nimbus 54").
                if !lang.nameNumbers.isEmpty && round % 4 == 2 { full += " " + lang.nameNumbers[(round / 4 + k) % lang.nameNumbers.count] }
                return try Self.catalog(&rng, id: round * 10 + k, name: full, lang)
            }
            if ProcessInfo.processInfo.environment["REFM_DEBUG"] != nil {
                for c in cats { for sc in c.shortcuts { print("DEBUG catalog \(c.app.id) \(sc.intent) \(sc.parameters.map { "\($0.name):\($0.typeName)" }): \(sc.templates(for: lang.locale).map { "\($0.pieces)" })") } }
            }
            let m = Matcher(catalogs: cats, locales: [lang.locale])
            guard let ref = ReferenceMatcher(m, locale: lang.locale) else { Issue.record("seed \(seed): no reference"); continue }
            // The one-word differences between derived phrases and their sources.
            var paraphrases: [(String, String)] = []
            for d in ref.templates where d.derived {
                for t in ref.templates where !t.derived && t.app == d.app && t.shortcut == d.shortcut && t.templateIndex == d.templateIndex
                    && t.elems.count == d.elems.count {
                    let diff = t.elems.indices.filter { t.elems[$0].text != d.elems[$0].text }
                    if diff.count == 1 { paraphrases.append((t.elems[diff[0]].text, d.elems[diff[0]].text)) }
                }
            }
            var synonyms: [String: [String]] = [:]
            for g in ref.index.normalizer.synonymGroups + ref.index.normalizer.formGroups { for w in g { synonyms[w, default: []] += g.filter { $0 != w } } }
            // A word with a letter the locale keeps marked, written without its marks ("сыграи").
            for w in ref.vocabList where ref.index.normalizer.unmarked(w) != w { synonyms[w, default: []].append(ref.index.normalizer.unmarked(w)) }
            if let why = ref.catalogIssue {
                // (Its utterances count as generated cases outside the domain.)
                outside["catalog: " + why, default: 0] += Self.utterances(cats, &rng, synonyms: synonyms, lang, paraphrases: paraphrases).count
                continue
            }
            catalogs += 1
            // Whether the catalogs' words are related to one another (outside the domain before
            // issue 50 modelled it).
            let relatedWords = ref.vocabList.indices.contains { a in
                ref.related[ref.vocabList[a]] != nil || ((a + 1)..<ref.vocabList.count).contains { b in
                    let (x, y) = (ref.vocabScalars[a], ref.vocabScalars[b]), minimum = ref.model.minimumWordSimilarity
                    return WordSimilarity.fuzzy(x, y) >= minimum || WordSimilarity.stem(x, y) >= minimum
                        || (!ref.vocabKeys[a].isEmpty && ref.vocabKeys[a] == ref.vocabKeys[b])
                }
            }
            for t in Self.utterances(cats, &rng, synonyms: synonyms, lang, paraphrases: paraphrases) {
                if let only = ProcessInfo.processInfo.environment["REFM_CASE"], only != "\(seed)|\(t)" { continue }
                let (why, answer) = Self.compare(m, ref, t, seed: seed, locale: lang.locale, base: base)
                if let why { outside[why, default: 0] += 1; continue }
                inDomain += 1
                var q = RefQuery(ref: ref, text: t)
                if q.prepare() == nil && !q.noted.isEmpty { joins += 1 }
                if q.units.contains(where: { !ref.vocab.contains($0.text) && ref.related[$0.text] != nil }) { related += 1 }
                if q.units.contains(where: { !$0.flags.isDisjoint(with: [.number, .ordinal]) }) { numbers += 1 }
                if ref.templates.contains(where: \.derived) { derived += 1 }
                if cats.contains(where: { $0.app.alternativeNames.contains { $0.pronunciationHint != nil } }) { hinted += 1 }
                if q.matches.contains(where: { $0.count > 1 && $0[0].sim == 1 }) { relatedKnown += 1 }
                if relatedWords { relatedCatalog += 1 }
                // (Catalogs with numbers: outside the domain before issue 50 modelled them.)
                if ref.vocabList.contains(where: ReferenceMatcher.isNumber) { numbered += 1 }
                // (Apps with a number in their names; words of letters and digits said: outside
                // the domain before issue 50 modelled them.)
                if ref.appSets.contains(where: { ref.sets[$0].values.contains { $0.words.contains(where: ReferenceMatcher.isNumber) } }) { namedNumber += 1 }
                if q.units.contains(where: { $0.flags.isDisjoint(with: [.number, .ordinal]) && $0.text.contains(where: \.isNumber) }) { saidCode += 1 }
                // (Catalogs with free text: outside the domain before issue 50 modelled it.)
                if ref.templates.contains(where: \.freeText) { freeText += 1 }
                if cats.contains(where: { c in c.shortcuts.contains { s in s.templates(for: lang.locale).contains { t in
                    t.parameterNames.contains { n in s.parameter(named: n)?.typeName == "String" } } } }) { saysString += 1 }
                if answer?.freeText == true { readFreeText += 1 }
                if q.units.contains(where: { u in ref.vocabList.contains { $0 != u.text && ref.index.normalizer.unmarked($0) == u.text } }) { saidUnmarked += 1 }
                if q.units.contains(where: { ref.derivedOnly.contains($0.text) }) { saidOrdinal += 1 }
                // (Korean: a particle split off a word; a word one syllable off an app's name.)
                if q.units.indices.contains(where: { q.units[$0].flags.contains(.particle) && q.wordStart($0) < $0 }) { particles += 1 }
                if ref.appSets.contains(where: { !q.hangulSyllables(ref.sets[$0]).isEmpty }) { syllablesOff += 1 }
                // (Chinese: a word of characters the catalogs never say one after the other; a word of
                // several characters, its insertion spread over them.)
                if q.charWord.contains(true) { charWords += 1 }
                if q.spread.contains(where: { $0 < 1 }) { spreadWords += 1 }
                // (More than 3 options heard in a set: the search reads the first 3.)
                var spanned = q
                spanned.findSpans()
                // (Hebrew: an app clause ending the utterance after a connector glued to its word.)
                var clause = spanned
                clause.openAppClause()
                clause.clauses()
                if clause.clauseTrail > 0 && !clause.flagged(clause.n - clause.clauseTrail - 1, .connector) { gluedClause += 1 }
                // (Japanese: a word written another way read as the catalogs' by the reading
                // rewrite; an app clause starting the utterance with a katakana word they never say.)
                if q.units.contains(where: \.read) { readAsCatalog += 1 }
                if clause.clauseLead > 0 && (clause.clauseLeadFrom..<clause.clauseLead).contains(where: { clause.charWord[$0] }) { katakanaClause += 1 }
                if spanned.spans.indices.contains(where: { k in !ref.sets[k].isApp && Set(spanned.spans[k].map { ref.sets[k].values[$0.variant].option }).count > 3 }) {
                    manyOptions += 1
                }
                if q.matches.contains(where: { $0.contains { ReferenceMatcher.isNumber($0.word) && $0.sim == m.options.model.numberSoundSimilarity } }) { saidNumberSound += 1 }
                if q.units.contains(where: { u in Self.hints.values.contains { $0.split(separator: " ").contains(Substring(u.text)) } }) { saidHint += 1 }
                // (The best reading a paraphrase's: its factor.)
                if let f = answer?.terms.factor, f != 1, f != m.options.model.noAppFactor { paraphrased += 1 }
                switch answer?.decision {
                case .match: matches += 1
                default: nones += 1
                }
            }
        }
        let generated = inDomain + outside.values.reduce(0, +)
        print("reference (\(lang.locale)): \(inDomain) of \(generated) cases in the domain (\(inDomain * 1000 / max(generated, 1)) ‰) over \(catalogs) catalogs (\(matches) matches, \(nones) others; \(joins) with words joined or split, \(related) with a synonym or form, \(numbers) with a number, \(derived) of catalogs that imply paraphrases, \(paraphrased) read best by one, \(hinted) of apps with a pronunciation hint, \(saidHint) saying one, \(relatedKnown) saying a catalog word related to others, \(relatedCatalog) of catalogs with related words, \(numbered) of catalogs with numbers, \(saidOrdinal) saying a value's number first as an ordinal, \(saidNumberSound) a number by its sound, \(freeText) of catalogs with free text, \(readFreeText) read best with a run of it, \(saidUnmarked) saying a word without a kept letter's marks, \(particles) with a particle split off a word, \(syllablesOff) with words one syllable off an app's name, \(charWords) with a Han word the catalogs never say, \(spreadWords) with a Han word of several characters, \(saysString) of catalogs with a phrase saying a String parameter, \(manyOptions) with more than 3 options heard, \(namedNumber) of apps with a number in a name, \(saidCode) saying a word of letters and digits, \(gluedClause) with an app clause after a glued connector, \(readAsCatalog) with a word read as a catalog word of the same reading, \(katakanaClause) with a leading app clause of katakana words the catalogs never say); outside: \(outside.sorted { $0.value > $1.value })")
        #expect(catalogs >= seeds.count * 3 / 4)
        #expect(inDomain >= seeds.count * 35)
    }
}

#!/usr/bin/env python3
"""Generate the PlaylistEntity options of Corpora/music/catalog.json.

Deterministic: the same script always writes the same options in the same order, so the
catalog (and what the 1,000-phrase budget cuts) is reproducible.

    python3 Corpora/music/tools/make_playlists.py            # rewrite catalog.json in place
    python3 Corpora/music/tools/make_playlists.py --stdout   # print the options only

Order of the options (the order decides what a truncated phrase budget keeps):
  1. a hand-picked head of editorial playlists, localized in every locale, some with
     synonyms -- the corpus uses these for the "not truncated" cases;
  2. everything else in a seeded shuffle: generated editorial playlists (mood x genre,
     decade x genre, activity x genre, decade x activity, genre x suffix), localized in
     every locale; user-made playlists whose title is a plain string (not localized, as a
     user would type it); and "Vol. 2/3" sequels of some editorial playlists.
"""
import json
import random
import sys
from pathlib import Path

LOCALES = ["en", "fr", "de", "es", "ja", "zh-Hans"]
L = dict(zip(LOCALES, range(6)))


def loc(*values):
    assert len(values) == 6, values
    return dict(zip(LOCALES, values))


# --- hand-picked head ---------------------------------------------------------------
# (titles en, fr, de, es, ja, zh-Hans), synonyms per locale or None
HEAD = [
    (("Morning Jazz", "Jazz du matin", "Jazz am Morgen", "Jazz por la mañana", "朝のジャズ", "清晨爵士"),
     {"en": ["breakfast jazz"]}),
    (("Chill Lo-Fi Beats", "Lo-fi chill", "Lo-Fi zum Chillen", "Lo-fi para relajarse", "チルなローファイ", "慵懒Lo-Fi"),
     None),
    (("80s Workout", "Sport années 80", "80er Workout", "Entrenamiento ochentero", "80年代ワークアウト", "80年代健身金曲"),
     None),
    (("Deep Focus", "Concentration maximale", "Volle Konzentration", "Concentración total", "集中モード", "深度专注"),
     {"en": ["focus music"], "fr": ["musique pour se concentrer"], "de": ["Fokus"],
      "es": ["música para concentrarse"], "ja": ["作業用BGM"], "zh-Hans": ["专注音乐"]}),
    (("Road Trip Classics", "Classiques pour la route", "Roadtrip-Klassiker", "Clásicos para la carretera", "ドライブの定番", "自驾经典"),
     {"en": ["driving songs"], "de": ["Autofahrt"], "ja": ["ドライブソング"]}),
    (("Sunday Brunch", "Brunch du dimanche", "Sonntagsbrunch", "Brunch de domingo", "日曜のブランチ", "周日早午餐"),
     None),
    (("90s Hip-Hop", "Hip-hop des années 90", "Hip-Hop der 90er", "Hip hop de los 90", "90年代ヒップホップ", "90年代嘻哈"),
     {"en": ["old school hip-hop"], "fr": ["rap old school"]}),
    (("Rainy Day Piano", "Piano pour un jour de pluie", "Klavier für Regentage", "Piano para días de lluvia", "雨の日のピアノ", "雨天钢琴"),
     None),
    (("Sleep Sounds", "Sons pour dormir", "Einschlafklänge", "Sonidos para dormir", "睡眠用サウンド", "助眠音乐"),
     {"en": ["white noise", "bedtime sounds"], "fr": ["bruit blanc"], "de": ["weißes Rauschen"],
      "es": ["ruido blanco"], "ja": ["ホワイトノイズ"], "zh-Hans": ["白噪音"]}),
    (("Party Starters", "Ambiance soirée", "Partystarter", "Fiesta total", "パーティースターター", "派对燃曲"),
     {"en": ["party mix"], "es": ["música de fiesta"]}),
    (("Acoustic Covers", "Reprises acoustiques", "Akustik-Cover", "Versiones acústicas", "アコースティックカバー", "原声翻唱"),
     None),
    (("Feel-Good Friday", "Vendredi bonne humeur", "Gute-Laune-Freitag", "Viernes de buen rollo", "金曜のごきげんソング", "周五好心情"),
     None),
    (("Summer Hits", "Tubes de l'été", "Sommerhits", "Éxitos del verano", "夏のヒット曲", "夏日热歌"),
     None),
    (("Dinner Jazz", "Jazz pour le dîner", "Jazz zum Abendessen", "Jazz para la cena", "ディナージャズ", "晚餐爵士"),
     None),
    (("Indie Discoveries", "Découvertes indé", "Indie-Entdeckungen", "Descubrimientos indie", "インディーの新発見", "独立音乐新发现"),
     None),
    (("Classical Essentials", "Incontournables du classique", "Klassik-Highlights", "Imprescindibles de la clásica", "クラシック名曲集", "古典必听"),
     None),
    (("Yoga Flow", "Flow yoga", "Yoga-Flow", "Yoga y calma", "ヨガフロー", "瑜伽冥想"),
     None),
    (("Running 180 BPM", "Course à pied 180 BPM", "Laufen mit 180 BPM", "Correr a 180 BPM", "ランニング180BPM", "跑步180BPM"),
     None),
    (("70s Soul", "Soul des années 70", "Soul der 70er", "Soul de los 70", "70年代ソウル", "70年代灵魂乐"),
     None),
    (("Coffee Shop Jazz", "Jazz ambiance café", "Jazz im Café", "Jazz de cafetería", "カフェジャズ", "咖啡馆爵士"),
     None),
    (("Late Night Drive", "Conduite de nuit", "Nachtfahrt", "Conducir de noche", "深夜ドライブ", "深夜兜风"),
     None),
    (("Throwback 2000s", "Retour aux années 2000", "Zurück in die 2000er", "Vuelta a los 2000", "懐かしの2000年代", "重温2000年代"),
     None),
    (("Latin Party", "Soirée latino", "Latin Party", "Fiesta latina", "ラテンパーティー", "拉丁派对"),
     None),
    (("Cozy Autumn", "Cocooning d'automne", "Gemütlicher Herbst", "Otoño acogedor", "秋のまったりタイム", "温暖秋日"),
     None),
    (("Power Workout", "Sport à fond", "Power-Workout", "Entrenamiento a tope", "パワーワークアウト", "燃脂健身"),
     {"en": ["gym playlist"], "de": ["Fitnessstudio"], "zh-Hans": ["健身房"]}),
    (("Study Beats", "Musique pour réviser", "Beats zum Lernen", "Música para estudiar", "勉強用BGM", "学习背景音乐"),
     None),
    (("Kids' Sing-Along", "Comptines pour enfants", "Kinderlieder zum Mitsingen", "Canciones infantiles", "こどものうた", "儿童歌曲"),
     {"en": ["nursery rhymes"], "fr": ["chansons pour enfants"], "es": ["música para niños"], "zh-Hans": ["儿歌"]}),
    (("Love Songs", "Chansons d'amour", "Liebeslieder", "Canciones de amor", "ラブソング", "情歌"),
     None),
    (("Sad Songs", "Chansons tristes", "Traurige Lieder", "Canciones tristes", "泣ける歌", "伤感歌曲"),
     None),
    (("Dance Floor Anthems", "Hymnes du dancefloor", "Dancefloor-Hymnen", "Himnos para la pista", "ダンスフロアアンセム", "舞池神曲"),
     None),
    (("60s Rock 'n' Roll", "Rock'n'roll des années 60", "Rock 'n' Roll der 60er", "Rock and roll de los 60", "60年代ロックンロール", "60年代摇滚"),
     None),
    (("Christmas Classics", "Classiques de Noël", "Weihnachtsklassiker", "Clásicos navideños", "クリスマスの定番", "圣诞经典"),
     {"en": ["holiday songs", "xmas songs"], "fr": ["chansons de Noël"], "de": ["Weihnachtslieder"],
      "es": ["villancicos"], "ja": ["クリスマスソング"], "zh-Hans": ["圣诞歌"]}),
    (("Bossa Nova Evenings", "Soirées bossa nova", "Bossa-Nova-Abende", "Tardes de bossa nova", "ボサノバの夜", "波萨诺瓦之夜"),
     None),
    (("Global Top 50", "Top 50 mondial", "Top 50 weltweit", "Top 50 global", "グローバルトップ50", "全球Top 50"),
     {"en": ["top fifty"], "zh-Hans": ["全球热歌榜"]}),
    (("Epic Gaming", "Gaming épique", "Epische Gaming-Musik", "Gaming épico", "ゲーム用BGM", "游戏燃曲"),
     None),
    (("Piano Lullabies", "Berceuses au piano", "Klavier-Schlaflieder", "Nanas al piano", "ピアノの子守唄", "钢琴摇篮曲"),
     None),
    (("Cleaning Day Disco", "Disco pour le ménage", "Disco zum Putzen", "Disco para limpiar", "掃除用ディスコ", "大扫除迪斯科"),
     None),
    (("Morning Commute", "Trajet du matin", "Auf dem Weg zur Arbeit", "De camino al trabajo", "朝の通勤", "早高峰通勤"),
     None),
    (("Golden Oldies", "Vieux tubes", "Oldies", "Viejos éxitos", "懐メロ", "怀旧金曲"),
     {"en": ["oldies"], "de": ["Schlager-Oldies"], "ja": ["なつメロ"], "zh-Hans": ["老歌"]}),
    (("Happy Hits", "Tubes qui donnent la pêche", "Gute-Laune-Hits", "Éxitos para sonreír", "ハッピーヒッツ", "快乐金曲"),
     None),
]

# --- building blocks for generated editorial playlists --------------------------------
GENRES = {
    "jazz": loc("Jazz", "Jazz", "Jazz", "Jazz", "ジャズ", "爵士"),
    "lofi": loc("Lo-Fi", "Lo-fi", "Lo-Fi", "Lo-fi", "ローファイ", "Lo-Fi"),
    "indie": loc("Indie", "Indie", "Indie", "Indie", "インディー", "独立音乐"),
    "pop": loc("Pop", "Pop", "Pop", "Pop", "ポップス", "流行"),
    "rock": loc("Rock", "Rock", "Rock", "Rock", "ロック", "摇滚"),
    "hiphop": loc("Hip-Hop", "Hip-hop", "Hip-Hop", "Hip hop", "ヒップホップ", "嘻哈"),
    "soul": loc("Soul", "Soul", "Soul", "Soul", "ソウル", "灵魂乐"),
    "piano": loc("Piano", "Piano", "Klavier", "Piano", "ピアノ", "钢琴"),
    "acoustic": loc("Acoustic", "Acoustique", "Akustik", "Acústico", "アコースティック", "原声"),
    "house": loc("House", "House", "House", "House", "ハウス", "浩室"),
    "bossa": loc("Bossa Nova", "Bossa nova", "Bossa Nova", "Bossa nova", "ボサノバ", "波萨诺瓦"),
    "blues": loc("Blues", "Blues", "Blues", "Blues", "ブルース", "布鲁斯"),
    "disco": loc("Disco", "Disco", "Disco", "Disco", "ディスコ", "迪斯科"),
    "funk": loc("Funk", "Funk", "Funk", "Funk", "ファンク", "放克"),
    "folk": loc("Folk", "Folk", "Folk", "Folk", "フォーク", "民谣"),
    "rnb": loc("R&B", "R'n'B", "R&B", "R&B", "R&B", "R&B"),
    "reggae": loc("Reggae", "Reggae", "Reggae", "Reggae", "レゲエ", "雷鬼"),
    "electro": loc("Electronic", "Électro", "Elektro", "Electrónica", "エレクトロ", "电子"),
    "kpop": loc("K-Pop", "K-pop", "K-Pop", "K-pop", "K-POP", "韩流"),
    "country": loc("Country", "Country", "Country", "Country", "カントリー", "乡村"),
    "ambient": loc("Ambient", "Ambient", "Ambient", "Ambient", "アンビエント", "氛围音乐"),
    "latin": loc("Latin", "Latino", "Latin", "Latino", "ラテン", "拉丁"),
    "classical": loc("Classical", "Classique", "Klassik", "Clásica", "クラシック", "古典"),
    "metal": loc("Metal", "Metal", "Metal", "Metal", "メタル", "金属"),
}

# mood / moment qualifiers: a per-locale pattern around the genre {g}
MOODS = {
    "morning": loc("Morning {g}", "{g} du matin", "{g} am Morgen", "{g} por la mañana", "朝の{g}", "清晨{g}"),
    "evening": loc("Evening {g}", "{g} du soir", "{g} am Abend", "{g} por la noche", "夜の{g}", "夜晚{g}"),
    "latenight": loc("Late Night {g}", "{g} nocturne", "{g} bei Nacht", "{g} de madrugada", "深夜の{g}", "深夜{g}"),
    "sunday": loc("Sunday {g}", "{g} du dimanche", "{g} am Sonntag", "{g} de domingo", "日曜日の{g}", "周日{g}"),
    "rainy": loc("Rainy Day {g}", "{g} pour un jour de pluie", "{g} für Regentage", "{g} para días de lluvia", "雨の日の{g}", "雨天{g}"),
    "summer": loc("Summer {g}", "{g} d'été", "{g} für den Sommer", "{g} de verano", "夏の{g}", "夏日{g}"),
    "chill": loc("Chill {g}", "{g} chill", "{g} zum Chillen", "{g} para relajarse", "チルな{g}", "慵懒{g}"),
    "happy": loc("Happy {g}", "{g} bonne humeur", "Gute-Laune-{g}", "{g} alegre", "元気が出る{g}", "开心{g}"),
    "focus": loc("{g} for Focus", "{g} pour se concentrer", "{g} zum Konzentrieren", "{g} para concentrarse", "集中できる{g}", "专注{g}"),
    "cozy": loc("Cozy {g}", "{g} cocooning", "{g} für gemütliche Abende", "{g} para estar en casa", "おうちで{g}", "居家{g}"),
    "dreamy": loc("Dreamy {g}", "{g} pour rêver", "{g} zum Träumen", "{g} para soñar", "夢見心地の{g}", "梦幻{g}"),
    "sunset": loc("Sunset {g}", "{g} au coucher du soleil", "{g} zum Sonnenuntergang", "{g} al atardecer", "夕暮れの{g}", "日落{g}"),
}

DECADES = {
    "60s": loc("60s", "60", "60er", "60", "60", "60"),
    "70s": loc("70s", "70", "70er", "70", "70", "70"),
    "80s": loc("80s", "80", "80er", "80", "80", "80"),
    "90s": loc("90s", "90", "90er", "90", "90", "90"),
    "2000s": loc("2000s", "2000", "2000er", "2000", "2000", "2000"),
    "2010s": loc("2010s", "2010", "2010er", "2010", "2010", "2010"),
}
DECADE_GENRE = loc("{d} {g}", "{g} des années {d}", "{g} der {d}", "{g} de los {d}", "{d}年代{g}", "{d}年代{g}")
DECADE_ACTIVITY = loc("{d} {a}", "{a} années {d}", "{a} mit {d}-Hits", "{a} con éxitos de los {d}", "{a}用{d}年代ヒット", "{d}年代{a}金曲")

# activities: (noun form, "for" form) per locale
ACTIVITIES = {
    "workout": loc(("Workout", "Workout"), ("Sport", "pour le sport"), ("Workout", "fürs Workout"),
                   ("Entrenamiento", "para entrenar"), ("ワークアウト", "ワークアウト"), ("健身", "健身")),
    "running": loc(("Running", "Running"), ("Running", "pour courir"), ("Laufen", "zum Laufen"),
                   ("Running", "para correr"), ("ランニング", "ランニング"), ("跑步", "跑步")),
    "study": loc(("Study", "Study"), ("Révisions", "pour réviser"), ("Lernen", "zum Lernen"),
                 ("Estudio", "para estudiar"), ("勉強", "勉強"), ("学习", "学习")),
    "cooking": loc(("Cooking", "Cooking"), ("Cuisine", "pour cuisiner"), ("Kochen", "zum Kochen"),
                   ("Cocina", "para cocinar"), ("料理", "料理"), ("做饭", "做饭")),
    "roadtrip": loc(("Road Trip", "Road Trip"), ("Road trip", "pour la route"), ("Roadtrip", "für den Roadtrip"),
                    ("Viaje por carretera", "para la carretera"), ("ドライブ", "ドライブ"), ("自驾", "自驾")),
    "dinner": loc(("Dinner", "Dinner"), ("Dîner", "pour le dîner"), ("Abendessen", "zum Abendessen"),
                  ("Cena", "para la cena"), ("ディナー", "ディナー"), ("晚餐", "晚餐")),
    "party": loc(("Party", "Party"), ("Soirée", "pour faire la fête"), ("Party", "für die Party"),
                 ("Fiesta", "para la fiesta"), ("パーティー", "パーティー"), ("派对", "派对")),
    "sleep": loc(("Sleep", "Sleep"), ("Sommeil", "pour dormir"), ("Schlafen", "zum Einschlafen"),
                 ("Dormir", "para dormir"), ("睡眠", "睡眠"), ("睡前", "睡前")),
    "yoga": loc(("Yoga", "Yoga"), ("Yoga", "pour le yoga"), ("Yoga", "für Yoga"),
                ("Yoga", "para yoga"), ("ヨガ", "ヨガ"), ("瑜伽", "瑜伽")),
    "cleaning": loc(("Cleaning", "Cleaning"), ("Ménage", "pour le ménage"), ("Putzen", "zum Putzen"),
                    ("Limpieza", "para limpiar"), ("掃除", "掃除"), ("打扫", "打扫")),
    "commute": loc(("Commute", "Commute"), ("Trajet", "pour le trajet"), ("Pendeln", "für den Arbeitsweg"),
                   ("Trayecto", "para el trayecto"), ("通勤", "通勤"), ("通勤", "通勤")),
    "coffee": loc(("Coffee Shop", "Coffee Shop"), ("Café", "ambiance café"), ("Café", "im Café"),
                  ("Cafetería", "de cafetería"), ("カフェ", "カフェ"), ("咖啡馆", "咖啡馆")),
    "gaming": loc(("Gaming", "Gaming"), ("Gaming", "pour jouer"), ("Gaming", "zum Zocken"),
                  ("Gaming", "para jugar"), ("ゲーム", "ゲーム"), ("游戏", "游戏")),
    "reading": loc(("Reading", "Reading"), ("Lecture", "pour lire"), ("Lesen", "zum Lesen"),
                   ("Lectura", "para leer"), ("読書", "読書"), ("阅读", "阅读")),
}
GENRE_ACTIVITY = loc("{a} {g}", "{g} {a}", "{g} {a}", "{g} {a}", "{a}用{g}", "适合{a}的{g}")
NO_DECADE_ACTIVITIES = {"sleep", "yoga", "reading", "study"}

GENRE_SUFFIX = {
    "essentials": loc("{g} Essentials", "L'essentiel du {g}", "{g}-Essentials", "Lo esencial del {g}", "{g}の必聴曲", "{g}必听"),
    "new": loc("New {g}", "Nouveautés {g}", "{g}: Neuerscheinungen", "Novedades de {g}", "{g}の新曲", "{g}新歌"),
    "classics": loc("{g} Classics", "Classiques du {g}", "{g}-Klassiker", "Clásicos del {g}", "{g}の名曲", "经典{g}"),
    "hits": loc("{g} Hits", "Tubes {g}", "{g}-Hits", "Éxitos de {g}", "{g}ヒッツ", "{g}热歌"),
}
# French/Spanish "du {g}" / "del {g}" only for masculine genre nouns; feminine ones get a
# different article.  Genres used adjectivally (Classique, Clásica) read fine either way.
FR_FEM = {"pop", "country", "house", "bossa", "kpop", "electro"}
ES_FEM = {"electro", "classical", "bossa"}


def fix_articles(key, locale, text):
    if locale == "fr" and key in FR_FEM:
        text = text.replace("du Électro", "de l'électro").replace("du ", "de la ")
    if locale == "fr" and key == "electro":
        text = text.replace("de la Électro", "de l'électro")
    if locale == "es" and key in ES_FEM:
        text = text.replace("del ", "de la ")
    return text


# --- user-made playlists: plain strings, as typed ------------------------------------
PEOPLE = ["Anna", "Ben", "Chloé", "David", "Emma", "Felix", "Grace", "Hugo", "Isabel", "Jonas",
          "Kenji", "Lena", "Marco", "Nina", "Oscar", "Paula", "Quentin", "Rosa", "Sam", "Tomás",
          "Ursula", "Victor", "Wen", "Xavier", "Yuki", "Zoe", "Lucía", "Mia", "Noah", "Léa"]
USER_THINGS = ["Road Trip", "Birthday Party", "Wedding Playlist", "Gym Mix", "Summer Mix",
               "Chill Mix", "Study Mix", "Favorites", "Dinner Party", "Running Mix",
               "Throwbacks", "Car Songs", "Beach Day", "BBQ Mix"]
SEASONS = ["Summer", "Winter", "Spring", "Fall"]
OTHER_USER = ["Ma playlist du dimanche", "Feierabend", "Canciones para el coche", "Soirée entre amis",
              "Musik für die Küche", "Para bailar", "Trajet boulot", "Lieblingslieder",
              "Mis favoritas", "Sonntagmorgen", "Apéro", "Verano en la playa"]


def build():
    seen = {l: set() for l in LOCALES}
    options = []

    def key_of(text):
        return text.casefold().replace("-", " ").replace("  ", " ")

    def clashes(title):
        if isinstance(title, str):
            return any(key_of(title) in seen[l] for l in LOCALES)
        return any(key_of(t) in seen[l] for l, t in title.items())

    def remember(title):
        if isinstance(title, str):
            for l in LOCALES:
                seen[l].add(key_of(title))
        else:
            for l, t in title.items():
                seen[l].add(key_of(t))

    head = []
    for titles, syn in HEAD:
        t = loc(*titles)
        assert not clashes(t), titles
        remember(t)
        o = {"title": t}
        if syn:
            o["synonyms"] = syn
        head.append(o)

    generated = []

    def add(title):
        if clashes(title):
            return
        remember(title)
        generated.append({"title": title})

    for m in MOODS.values():
        for gk, g in GENRES.items():
            add({l: m[l].format(g=g[l]) for l in LOCALES})
    for d in DECADES.values():
        for gk, g in GENRES.items():
            add({l: DECADE_GENRE[l].format(d=d[l], g=g[l]) for l in LOCALES})
    for ak, a in ACTIVITIES.items():
        for gk, g in GENRES.items():
            add({l: GENRE_ACTIVITY[l].format(a=a[l][1], g=g[l]) for l in LOCALES})
    for dk, d in DECADES.items():
        for ak, a in ACTIVITIES.items():
            if ak in NO_DECADE_ACTIVITIES:
                continue
            add({l: DECADE_ACTIVITY[l].format(d=d[l], a=a[l][0]) for l in LOCALES})
    for s in GENRE_SUFFIX.values():
        for gk, g in GENRES.items():
            add({l: fix_articles(gk, l, s[l].format(g=g[l])) for l in LOCALES})

    editorial = list(generated)
    rng = random.Random(20240611)
    for o in rng.sample(editorial, 620):
        for vol in (2, 3):
            add({l: f"{t} Vol. {vol}" if l not in ("ja", "zh-Hans") else f"{t} Vol.{vol}"
                 for l, t in o["title"].items()})

    for p in PEOPLE:
        for thing in USER_THINGS:
            add(f"{p}'s {thing}")
    for s in SEASONS:
        for y in range(2012, 2026):
            add(f"{s} {y}")
    for t in OTHER_USER:
        add(t)

    rng.shuffle(generated)
    options = head + generated
    for i, o in enumerate(options, 1):
        o_id = f"pl-{i:04d}"
        ordered = {"id": o_id, "title": o["title"]}
        if "synonyms" in o:
            ordered["synonyms"] = o["synonyms"]
        options[i - 1] = ordered
    return options


def main():
    options = build()
    if "--stdout" in sys.argv:
        json.dump(options, sys.stdout, ensure_ascii=False, indent=2)
        print()
        return
    path = Path(__file__).resolve().parent.parent / "catalog.json"
    catalog = json.loads(path.read_text(encoding="utf-8"))
    catalog["entities"]["PlaylistEntity"]["options"] = options
    text = json.dumps(catalog, ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, encoding="utf-8")
    print(f"wrote {len(options)} playlist options to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()

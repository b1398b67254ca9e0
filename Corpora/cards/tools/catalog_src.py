# Hand-written catalog data for Vocavo (com.example.cards); writes ../catalog.json.
import json, os
L = ["en", "fr", "de", "es", "ja", "zh-Hans"]
def loc(en, fr, de, es, ja, zh):
    return {"en": en, "fr": fr, "de": de, "es": es, "ja": ja, "zh-Hans": zh}
def syn(**kw):
    return {k.replace("zh", "zh-Hans"): v for k, v in kw.items() if v}

cat = {
  "format": "phrasematch-catalog", "version": 1, "developmentLocale": "en", "locales": L,
  "app": {"id": "com.example.cards",
          "name": loc("Vocavo", "Vocavo", "Vocavo", "Vocavo", "ボカボ", "沃卡沃"),
          "alternativeNames": [{"name": loc("Memzo", "Memzo", "Memzo", "Memzo", "メムゾ", "记词宝"),
                                "pronunciationHint": "mem zo"}]},
  "enums": {
    "Language": {"cases": [
      {"rawValue": "spanish", "title": loc("Spanish", "espagnol", "Spanisch", "español", "スペイン語", "西班牙语"),
       "synonyms": syn(en=["Castilian"], fr=["castillan"], de=["Kastilisch"], es=["castellano"], ja=["スペイン"], zh=["西语"])},
      {"rawValue": "french", "title": loc("French", "français", "Französisch", "francés", "フランス語", "法语"),
       "synonyms": syn(ja=["仏語"], zh=["法文"])},
      {"rawValue": "german", "title": loc("German", "allemand", "Deutsch", "alemán", "ドイツ語", "德语"),
       "synonyms": syn(ja=["独語"], zh=["德文"])},
      {"rawValue": "japanese", "title": loc("Japanese", "japonais", "Japanisch", "japonés", "日本語", "日语"),
       "synonyms": syn(zh=["日文"])},
      {"rawValue": "italian", "title": loc("Italian", "italien", "Italienisch", "italiano", "イタリア語", "意大利语"),
       "synonyms": syn(zh=["意语"])},
      {"rawValue": "korean", "title": loc("Korean", "coréen", "Koreanisch", "coreano", "韓国語", "韩语"),
       "synonyms": syn(ja=["ハングル"], zh=["韩国语"])},
      {"rawValue": "english", "title": loc("English", "anglais", "Englisch", "inglés", "英語", "英语"),
       "synonyms": syn(zh=["英文"])}]},
    "DailyGoal": {"cases": [
      {"rawValue": "goal10", "title": loc("10 cards", "10 cartes", "10 Karten", "10 tarjetas", "10枚", "10张"),
       "synonyms": syn(en=["casual"], fr=["décontracté"], de=["locker"], es=["relajado"], ja=["ゆっくり"], zh=["轻松"])},
      {"rawValue": "goal20", "title": loc("20 cards", "20 cartes", "20 Karten", "20 tarjetas", "20枚", "20张"),
       "synonyms": syn(en=["regular"], fr=["régulier"], de=["normal"], es=["normal"], ja=["ふつう"], zh=["标准"])},
      {"rawValue": "goal50", "title": loc("50 cards", "50 cartes", "50 Karten", "50 tarjetas", "50枚", "50张"),
       "synonyms": syn(en=["intense"], fr=["intensif"], de=["intensiv"], es=["intenso"], ja=["がっつり"], zh=["高强度"])}]}},
  "entities": {"DeckEntity": {"options": [
    {"id": "deck-spanish-verbs", "title": loc("Spanish verbs", "verbes espagnols", "spanische Verben", "verbos en español", "スペイン語の動詞", "西班牙语动词")},
    {"id": "deck-kanji-n5", "title": loc("Kanji N5", "kanji N5", "Kanji N5", "kanji N5", "漢字N5", "日语汉字N5"),
     "synonyms": syn(en=["JLPT N5"], fr=["JLPT N5"], de=["JLPT N5"], es=["JLPT N5"], ja=["JLPT N5"], zh=["N5汉字"])},
    {"id": "deck-travel", "title": loc("Travel phrases", "phrases de voyage", "Reisesätze", "frases de viaje", "旅行フレーズ", "旅行用语"),
     "synonyms": syn(en=["travel"], fr=["voyage"], de=["Reise"], es=["viaje"], ja=["旅行"], zh=["旅游口语"])},
    {"id": "deck-irregular-verbs", "title": loc("Irregular verbs", "verbes irréguliers", "unregelmäßige Verben", "verbos irregulares", "不規則動詞", "不规则动词")},
    {"id": "deck-chemistry", "title": loc("Chemistry", "chimie", "Chemie", "química", "化学", "化学")},
    {"id": "deck-capitals", "title": loc("Capitals of Europe", "capitales d'Europe", "Hauptstädte Europas", "capitales de Europa", "ヨーロッパの首都", "欧洲首都"),
     "synonyms": syn(en=["European capitals"], fr=["capitales européennes"], de=["europäische Hauptstädte"], es=["capitales europeas"], ja=["欧州の首都"], zh=["欧洲各国首都"])},
    {"id": "deck-unit-7", "title": loc("Unit 7", "unité 7", "Lektion 7", "unidad 7", "第7課", "第7单元")},
    {"id": "deck-unit-17", "title": loc("Unit 17", "unité 17", "Lektion 17", "unidad 17", "第17課", "第17单元")},
    {"id": "deck-spanish-food", "title": loc("Spanish food", "cuisine espagnole", "spanisches Essen", "comida española", "スペイン料理", "西班牙美食")}]}},
  "shortcuts": [
    {"intent": "StartReviewIntent", "shortTitle": loc("Review Deck", "Réviser", "Wiederholen", "Repasar", "復習", "复习"),
     "systemImageName": "rectangle.stack", "parameters": {"deck": {"type": "DeckEntity"}},
     "phrases": {
       "en": ["Start a review of ${deck} in ${applicationName}", "Review ${deck} with ${applicationName}"],
       "fr": ["Lance une révision de ${deck} dans ${applicationName}", "Révise ${deck} avec ${applicationName}"],
       "de": ["Starte eine Wiederholung von ${deck} in ${applicationName}", "Wiederhole ${deck} mit ${applicationName}"],
       "es": ["Empieza un repaso de ${deck} en ${applicationName}", "Repasa ${deck} con ${applicationName}"],
       "ja": ["${applicationName}で${deck}を復習", "${applicationName}で${deck}の復習を始めて"],
       "zh-Hans": ["用${applicationName}复习${deck}", "在${applicationName}里开始复习${deck}"]}},
    {"intent": "PracticeLanguageIntent", "shortTitle": loc("Practice", "S'entraîner", "Üben", "Practicar", "練習", "练习"),
     "systemImageName": "globe", "parameters": {"language": {"type": "Language"}},
     "phrases": {
       "en": ["Practice ${language} with ${applicationName}", "Start my ${language} lesson in ${applicationName}"],
       "fr": ["Entraîne-moi en ${language} avec ${applicationName}", "Travaille mon ${language} dans ${applicationName}"],
       "de": ["Übe ${language} mit ${applicationName}", "Starte eine ${language}-Lektion in ${applicationName}"],
       "es": ["Practica ${language} con ${applicationName}", "Empieza una lección de ${language} en ${applicationName}"],
       "ja": ["${applicationName}で${language}を練習", "${applicationName}で${language}のレッスンを始めて"],
       "zh-Hans": ["用${applicationName}练习${language}", "在${applicationName}里开始${language}课程"]}},
    {"intent": "ShowStreakIntent", "shortTitle": loc("Streak", "Série", "Serie", "Racha", "連続記録", "连续打卡"),
     "systemImageName": "flame", "parameters": {},
     "phrases": {
       "en": ["Show my streak in ${applicationName}", "How long is my streak in ${applicationName}"],
       "fr": ["Montre ma série dans ${applicationName}", "Combien de jours d'affilée dans ${applicationName}"],
       "de": ["Zeig meine Serie in ${applicationName}", "Wie lang ist meine Serie in ${applicationName}"],
       "es": ["Muestra mi racha en ${applicationName}", "Cuántos días llevo de racha en ${applicationName}"],
       "ja": ["${applicationName}で連続記録を見せて", "${applicationName}で何日連続か教えて"],
       "zh-Hans": ["在${applicationName}里查看连续打卡", "${applicationName}，我连续学了几天"]}},
    {"intent": "AddCardIntent", "shortTitle": loc("New Card", "Nouvelle carte", "Neue Karte", "Nueva tarjeta", "カード追加", "新建卡片"),
     "systemImageName": "plus.rectangle", "parameters": {},
     "phrases": {
       "en": ["Add a new card in ${applicationName}", "Create a flashcard with ${applicationName}"],
       "fr": ["Ajoute une nouvelle carte dans ${applicationName}", "Crée une fiche avec ${applicationName}"],
       "de": ["Füge eine neue Karte in ${applicationName} hinzu", "Erstelle eine Karteikarte mit ${applicationName}"],
       "es": ["Añade una tarjeta nueva en ${applicationName}", "Crea una ficha con ${applicationName}"],
       "ja": ["${applicationName}で新しいカードを追加", "${applicationName}で単語カードを作って"],
       "zh-Hans": ["用${applicationName}添加新卡片", "在${applicationName}里新建一张单词卡"]}},
    {"intent": "SetDailyGoalIntent", "shortTitle": loc("Daily Goal", "Objectif quotidien", "Tagesziel", "Meta diaria", "1日の目標", "每日目标"),
     "systemImageName": "target", "parameters": {"goal": {"type": "DailyGoal"}},
     "phrases": {
       "en": ["Set my daily goal to ${goal} in ${applicationName}", "Change my daily goal to ${goal} with ${applicationName}"],
       "fr": ["Règle mon objectif quotidien sur ${goal} dans ${applicationName}", "Mets mon objectif du jour à ${goal} avec ${applicationName}"],
       "de": ["Setz mein Tagesziel auf ${goal} in ${applicationName}", "Ändere mein Tagesziel auf ${goal} mit ${applicationName}"],
       "es": ["Pon mi meta diaria en ${goal} en ${applicationName}", "Cambia mi meta diaria a ${goal} con ${applicationName}"],
       "ja": ["${applicationName}で1日の目標を${goal}にして", "${applicationName}の毎日の目標を${goal}に設定"],
       "zh-Hans": ["用${applicationName}把每日目标设为${goal}", "${applicationName}，每天学${goal}"]}},
    {"intent": "SetAudioIntent", "shortTitle": loc("Audio", "Audio", "Audio", "Audio", "音声", "发音"),
     "systemImageName": "speaker.wave.2",
     "parameters": {"enabled": {"type": "Bool", "displayName": {
        "true": loc("Turn on", "Active", "Aktiviere", "Activa", "オンにして", "打开"),
        "false": loc("Turn off", "Désactive", "Deaktiviere", "Desactiva", "オフにして", "关闭")}}},
     "phrases": {
       "en": ["${enabled} audio pronunciation in ${applicationName}", "${enabled} the sound in ${applicationName}"],
       "fr": ["${enabled} la prononciation audio dans ${applicationName}", "${enabled} le son dans ${applicationName}"],
       "de": ["${enabled} die Aussprache in ${applicationName}", "${enabled} den Ton in ${applicationName}"],
       "es": ["${enabled} la pronunciación en ${applicationName}", "${enabled} el sonido en ${applicationName}"],
       "ja": ["${applicationName}で音声の発音を${enabled}", "${applicationName}の音を${enabled}"],
       "zh-Hans": ["用${applicationName}${enabled}语音发音", "在${applicationName}里${enabled}声音"]}},
    {"intent": "ShowStatsIntent", "shortTitle": loc("Statistics", "Statistiques", "Statistik", "Estadísticas", "統計", "统计"),
     "systemImageName": "chart.bar", "parameters": {},
     "phrases": {
       "en": ["Show my statistics in ${applicationName}", "How am I doing in ${applicationName}"],
       "fr": ["Affiche mes statistiques dans ${applicationName}", "Où j'en suis dans ${applicationName}"],
       "de": ["Zeig meine Statistik in ${applicationName}", "Wie läuft es in ${applicationName}"],
       "es": ["Muestra mis estadísticas en ${applicationName}", "Cómo voy en ${applicationName}"],
       "ja": ["${applicationName}で学習の統計を表示", "${applicationName}で成績を見せて"],
       "zh-Hans": ["用${applicationName}查看学习统计", "${applicationName}，我学得怎么样"]}},
    {"intent": "PauseLessonIntent", "shortTitle": loc("Pause", "Pause", "Pause", "Pausa", "一時停止", "暂停"),
     "systemImageName": "pause.circle", "parameters": {},
     "phrases": {
       "en": ["Pause the lesson in ${applicationName}", "Take a break from ${applicationName}"],
       "fr": ["Mets la leçon en pause dans ${applicationName}", "Fais une pause dans ${applicationName}"],
       "de": ["Pausiere die Lektion in ${applicationName}", "Mach eine Pause in ${applicationName}"],
       "es": ["Pausa la lección en ${applicationName}", "Haz una pausa en ${applicationName}"],
       "ja": ["${applicationName}でレッスンを一時停止", "${applicationName}で休憩して"],
       "zh-Hans": ["用${applicationName}暂停课程", "${applicationName}，先休息一下"]}}],
  "negativePhrases": {
    "en": ["Delete my account in ${applicationName}", "Reset my progress in ${applicationName}", "Cancel my subscription in ${applicationName}"],
    "fr": ["Supprime mon compte dans ${applicationName}", "Réinitialise ma progression dans ${applicationName}", "Résilie mon abonnement dans ${applicationName}"],
    "de": ["Lösch mein Konto in ${applicationName}", "Setz meinen Fortschritt in ${applicationName} zurück", "Kündige mein Abo in ${applicationName}"],
    "es": ["Borra mi cuenta en ${applicationName}", "Reinicia mi progreso en ${applicationName}", "Cancela mi suscripción en ${applicationName}"],
    "ja": ["${applicationName}のアカウントを削除", "${applicationName}の学習記録をリセット", "${applicationName}のサブスクを解約"],
    "zh-Hans": ["删除我的${applicationName}账号", "清空${applicationName}的学习进度", "取消${applicationName}的订阅"]}}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "catalog.json"), "w", encoding="utf-8") as f:
    json.dump(cat, f, ensure_ascii=False, indent=2); f.write("\n")

# Hand-written catalog data for Sudelo (com.example.wash); writes ../catalog.json.
import json, os
L = ["de", "it", "tr", "ja", "ko", "th"]
def loc(de, it, tr, ja, ko, th):
    return {"de": de, "it": it, "tr": tr, "ja": ja, "ko": ko, "th": th}
def syn(**kw):
    return {k: v for k, v in kw.items() if v}
def case(raw, title, synonyms=None):
    c = {"rawValue": raw, "title": title}
    if synonyms: c["synonyms"] = synonyms
    return c
A = "${applicationName}"
cat = {
  "format": "phrasematch-catalog", "version": 1, "developmentLocale": "de", "locales": L,
  "app": {"id": "com.example.wash",
          "name": loc("Sudelo", "Sudelo", "Sudelo", "スデロ", "수델로", "ซูเดโล"),
          "alternativeNames": [{"name": loc("Bubbo", "Bubbo", "Bubbo", "ブッボ", "부보", "บับโบ"),
                                "pronunciationHint": loc("bub bo", "bub bo", "bub bo", "ぶっぼ", "부 보", "บับ โบ")}]},
  "enums": {
    "WashProgram": {"cases": [
      case("cotton", loc("Baumwolle", "Cotone", "Pamuklu", "綿", "면", "ผ้าฝ้าย"),
           syn(de=["Buntwäsche"], it=["Colorati"], tr=["Pamuk"], ja=["コットン"], ko=["코튼"], th=["คอตตอน"])),
      case("synthetics", loc("Pflegeleicht", "Sintetici", "Sentetik", "化繊", "합성섬유", "ใยสังเคราะห์"),
           syn(de=["Synthetik"], it=["Capi sintetici"], tr=["Sentetikler"], ja=["合成繊維"], th=["ผ้าสังเคราะห์"])),
      case("wool", loc("Wolle", "Lana", "Yünlü", "ウール", "울", "ผ้าขนสัตว์"),
           syn(de=["Handwäsche"], it=["Lavaggio a mano"], tr=["Elde yıkama"], ja=["おしゃれ着"], ko=["섬세"], th=["ซักมือ"])),
      case("quick30", loc("Kurz 30", "Rapido 30", "Hızlı 30", "スピード30", "쾌속 30", "ด่วน 30"),
           syn(de=["Quick 30"], it=["Quick 30"], tr=["Quick 30"], ja=["お急ぎ30"], ko=["스피드 30"], th=["ซักเร็ว 30"])),
      case("eco4060", loc("Eco 40-60", "Eco 40-60", "Eko 40-60", "エコ40-60", "에코 40-60", "อีโค 40-60")),
      case("bedding", loc("Bettwäsche", "Lenzuola", "Nevresim", "寝具", "침구", "ผ้าปูที่นอน"),
           syn(de=["Bettzeug"], it=["Piumoni"], tr=["Yatak takımı"], ja=["シーツ"], ko=["이불"], th=["เครื่องนอน"]))]},
    "DishProgram": {"cases": [
      case("auto", loc("Automatik", "Automatico", "Otomatik", "オート", "자동", "อัตโนมัติ"),
           syn(de=["Auto"], it=["Auto"], ja=["自動"], ko=["오토"], th=["ออโต้"])),
      case("eco", loc("Eco", "Eco", "Eko", "エコ", "에코", "อีโค"),
           syn(de=["Sparprogramm"], it=["Risparmio"], tr=["Tasarruf"], ja=["節約"], ko=["절약"], th=["ประหยัด"])),
      case("intensive", loc("Intensiv", "Intensivo", "Yoğun", "強力", "강력", "ล้างหนัก"),
           syn(de=["Power"], it=["Pentole"], tr=["İntensif"], ja=["パワフル"], ko=["파워"], th=["เข้มข้น"])),
      case("glass", loc("Glas", "Bicchieri", "Cam", "ガラス", "유리", "แก้ว"),
           syn(de=["Gläser"], it=["Cristalli"], tr=["Hassas"], ja=["グラス"], ko=["글라스"], th=["ถนอมแก้ว"]))]},
    "WashTemperature": {"cases": [
      case("t20", loc("20 Grad", "20 gradi", "20 derece", "20度", "20도", "20 องศา"),
           syn(de=["kalt"], it=["freddo"], tr=["soğuk"], ja=["冷水"], ko=["찬물"], th=["น้ำเย็น"])),
      case("t30", loc("30 Grad", "30 gradi", "30 derece", "30度", "30도", "30 องศา")),
      case("t40", loc("40 Grad", "40 gradi", "40 derece", "40度", "40도", "40 องศา")),
      case("t60", loc("60 Grad", "60 gradi", "60 derece", "60度", "60도", "60 องศา")),
      case("t90", loc("90 Grad", "90 gradi", "90 derece", "90度", "90도", "90 องศา"),
           syn(de=["Kochwäsche"]))]}},
  "shortcuts": [
    {"intent": "StartWashIntent",
     "shortTitle": loc("Wäsche starten", "Avvia lavaggio", "Yıkama başlat", "洗濯を開始", "세탁 시작", "เริ่มซักผ้า"),
     "systemImageName": "washer", "parameters": {"program": {"type": "WashProgram"}},
     "phrases": {
       "de": [f"Starte die Waschmaschine mit ${{program}} in {A}", f"Wasche ${{program}} mit {A}"],
       "it": [f"Avvia la lavatrice con ${{program}} su {A}", f"{A}, lavaggio ${{program}}"],
       "tr": [f"{A} ile çamaşır makinesinde ${{program}} programını başlat", f"{A}'da ${{program}} yıkama başlat"],
       "ja": [f"{A}で洗濯機を${{program}}コースで回して", f"{A}で${{program}}で洗濯して"],
       "ko": [f"{A}에서 세탁기 ${{program}} 코스 시작해줘", f"{A}에서 ${{program}} 세탁 시작"],
       "th": [f"เริ่มซัก${{program}}ใน{A}", f"ใช้{A}ซักผ้าโปรแกรม${{program}}"]}},
    {"intent": "StartDishwasherIntent",
     "shortTitle": loc("Spülmaschine starten", "Avvia lavastoviglie", "Bulaşık makinesini başlat", "食洗機を開始", "식기세척기 시작", "เริ่มล้างจาน"),
     "systemImageName": "dishwasher", "parameters": {"program": {"type": "DishProgram"}},
     "phrases": {
       "de": [f"Starte die Spülmaschine mit ${{program}} in {A}", f"{A}, spül mit ${{program}}"],
       "it": [f"Avvia la lavastoviglie con ${{program}} su {A}", f"{A}, programma lavastoviglie ${{program}}"],
       "tr": [f"{A} ile bulaşık makinesinde ${{program}} programını başlat", f"{A}'da bulaşıkları ${{program}} yıka"],
       "ja": [f"{A}で食洗機を${{program}}コースで回して", f"{A}で${{program}}コースの食洗機をスタート"],
       "ko": [f"{A}에서 식기세척기 ${{program}} 코스 시작해줘", f"{A}에서 식세기 ${{program}} 돌려줘"],
       "th": [f"เริ่มล้างจานโปรแกรม${{program}}ใน{A}", f"ใช้{A}เปิดเครื่องล้างจานโหมด${{program}}"]}},
    {"intent": "SetTemperatureIntent",
     "shortTitle": loc("Temperatur", "Temperatura", "Sıcaklık", "温度", "온도", "อุณหภูมิ"),
     "systemImageName": "thermometer", "parameters": {"temperature": {"type": "WashTemperature"}},
     "phrases": {
       "de": [f"Stelle die Temperatur auf ${{temperature}} in {A}", f"{A}, wasch bei ${{temperature}}"],
       "it": [f"Imposta la temperatura a ${{temperature}} su {A}", f"{A}, lava a ${{temperature}}"],
       "tr": [f"{A}'da sıcaklığı ${{temperature}} yap", f"{A} ile ${{temperature}} yıka"],
       "ja": [f"{A}で温度を${{temperature}}にして", f"{A}で${{temperature}}で洗って"],
       "ko": [f"{A}에서 온도 ${{temperature}}로 맞춰줘", f"{A}에서 세탁 온도 ${{temperature}}로 설정"],
       "th": [f"ตั้งอุณหภูมิเป็น${{temperature}}ใน{A}", f"ใช้{A}ซักที่${{temperature}}"]}},
    {"intent": "DelayStartIntent",
     "shortTitle": loc("Startaufschub", "Partenza ritardata", "Gecikmeli başlatma", "予約スタート", "예약 시작", "ตั้งเวลาเริ่ม"),
     "systemImageName": "clock.badge", "parameters": {"enabled": {"type": "Bool", "displayName": {
        "true": loc("ein", "Attiva", "aç", "オンにして", "켜줘", "เปิด"),
        "false": loc("aus", "Disattiva", "kapat", "オフにして", "꺼줘", "ปิด")}}},
     "phrases": {
       "de": [f"Schalte den Startaufschub ${{enabled}} mit {A}", f"Startaufschub ${{enabled}} in {A}"],
       "it": [f"${{enabled}} la partenza ritardata su {A}"],
       "tr": [f"{A}'da gecikmeli başlatmayı ${{enabled}}"],
       "ja": [f"{A}で予約スタートを${{enabled}}"],
       "ko": [f"{A}에서 예약 시작 ${{enabled}}"],
       "th": [f"${{enabled}}การตั้งเวลาเริ่มใน{A}"]}},
    {"intent": "TimeRemainingIntent",
     "shortTitle": loc("Restzeit", "Tempo residuo", "Kalan süre", "残り時間", "남은 시간", "เวลาที่เหลือ"),
     "systemImageName": "timer", "parameters": {},
     "phrases": {
       "de": [f"Wie lange läuft die Wäsche noch in {A}", f"{A}, wann ist die Maschine fertig"],
       "it": [f"Quanto manca alla fine del lavaggio su {A}", f"Quando finisce la lavatrice secondo {A}"],
       "tr": [f"{A}'da çamaşırın bitmesine ne kadar kaldı", f"{A}, makine ne zaman biter"],
       "ja": [f"{A}で洗濯があとどれくらいで終わるか教えて", f"{A}で残り時間を教えて"],
       "ko": [f"{A}에서 세탁 얼마나 남았어", f"{A}에서 남은 시간 알려줘"],
       "th": [f"อีกนานแค่ไหนซักเสร็จใน{A}", f"{A}เหลือเวลาอีกเท่าไหร่"]}},
    {"intent": "PauseMachineIntent",
     "shortTitle": loc("Pausieren", "Pausa", "Duraklat", "一時停止", "일시정지", "หยุดชั่วคราว"),
     "systemImageName": "pause.circle", "parameters": {},
     "phrases": {
       "de": [f"Pausiere die Maschine mit {A}", f"Halte die Waschmaschine kurz an mit {A}"],
       "it": [f"Metti in pausa la lavatrice con {A}", f"{A}, ferma un attimo la lavatrice"],
       "tr": [f"{A}'da makineyi duraklat", f"{A} ile yıkamayı beklemeye al"],
       "ja": [f"{A}で洗濯機を一時停止して", f"{A}でいったん止めて"],
       "ko": [f"{A}에서 세탁기 일시정지해줘", f"{A}에서 잠깐 멈춰줘"],
       "th": [f"หยุดเครื่องซักผ้าชั่วคราวใน{A}", f"พักการซักใน{A}"]}},
    {"intent": "ResumeMachineIntent",
     "shortTitle": loc("Fortsetzen", "Riprendi", "Devam ettir", "再開", "다시 시작", "ทำงานต่อ"),
     "systemImageName": "play.circle", "parameters": {},
     "phrases": {
       "de": [f"Setze die Wäsche fort mit {A}", f"Lass die Maschine weiterlaufen mit {A}"],
       "it": [f"Riprendi il lavaggio con {A}", f"{A}, fai ripartire la lavatrice"],
       "tr": [f"{A}'da makineyi devam ettir", f"{A} ile yıkamaya devam et"],
       "ja": [f"{A}で洗濯を再開して", f"{A}で運転を再開"],
       "ko": [f"{A}에서 세탁 다시 시작해줘", f"{A}에서 세탁기 재개해줘"],
       "th": [f"ซักต่อใน{A}", f"ให้เครื่องซักผ้าทำงานต่อใน{A}"]}},
    {"intent": "AddDetergentIntent",
     "shortTitle": loc("Waschmittel notieren", "Detersivo in lista", "Deterjan ekle", "洗剤をリストに", "세제 추가", "เพิ่มผงซักฟอก"),
     "systemImageName": "cart.badge.plus", "parameters": {},
     "phrases": {
       "de": [f"Setze Waschmittel auf die Einkaufsliste mit {A}", f"{A}, wir brauchen Waschmittel"],
       "it": [f"Aggiungi il detersivo alla lista della spesa con {A}", f"{A}, metti il detersivo nella lista della spesa"],
       "tr": [f"{A} ile alışveriş listesine deterjan ekle", f"{A}, deterjanı listeye yaz"],
       "ja": [f"{A}で洗剤を買い物リストに追加して", f"{A}で洗剤を買い物リストに入れて"],
       "ko": [f"{A}에서 장보기 목록에 세제 추가해줘", f"{A}에서 쇼핑 리스트에 세제 넣어줘"],
       "th": [f"เพิ่มผงซักฟอกลงในรายการซื้อของใน{A}", f"{A}จดผงซักฟอกไว้ในรายการซื้อของ"]}},
    {"intent": "ShowEnergyIntent",
     "shortTitle": loc("Energieverbrauch", "Consumi", "Enerji tüketimi", "電気使用量", "전기 사용량", "การใช้พลังงาน"),
     "systemImageName": "bolt", "parameters": {},
     "phrases": {
       "de": [f"Zeige den Stromverbrauch dieser Woche in {A}", f"Wie viel Energie habe ich diese Woche verbraucht in {A}"],
       "it": [f"Mostra i consumi di energia di questa settimana su {A}", f"Quanta energia ho consumato questa settimana secondo {A}"],
       "tr": [f"{A}'da bu haftaki enerji tüketimini göster", f"{A}, bu hafta ne kadar elektrik harcadım"],
       "ja": [f"{A}で今週の電気使用量を見せて", f"{A}で今週の消費電力を表示"],
       "ko": [f"{A}에서 이번 주 전기 사용량 보여줘", f"{A}에서 이번 주 에너지 얼마나 썼어"],
       "th": [f"ดูการใช้พลังงานสัปดาห์นี้ใน{A}", f"{A}สัปดาห์นี้ใช้ไฟไปเท่าไหร่"]}},
  ],
  "negativePhrases": {
    "de": [f"Lösche mein Konto in {A}", f"Brich das Programm ab mit {A}", f"Bestelle Waschmittel mit {A}"],
    "it": [f"Elimina il mio account su {A}", f"Annulla il programma su {A}", f"Ordina il detersivo con {A}"],
    "tr": [f"{A}'da hesabımı sil", f"{A}'da programı iptal et", f"{A} ile deterjan sipariş et"],
    "ja": [f"{A}のアカウントを削除して", f"{A}でコースを取り消して", f"{A}で洗剤を注文して"],
    "ko": [f"{A}에서 계정 삭제해줘", f"{A}에서 코스 취소해줘", f"{A}에서 세제 주문해줘"],
    "th": [f"ลบบัญชีของฉันใน{A}", f"ยกเลิกโปรแกรมใน{A}", f"สั่งซื้อผงซักฟอกใน{A}"]},
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "catalog.json"), "w", encoding="utf-8") as f:
    json.dump(cat, f, ensure_ascii=False, indent=2); f.write("\n")

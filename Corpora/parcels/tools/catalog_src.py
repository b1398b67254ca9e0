# Hand-written catalog data for Pakuvo (com.example.parcels); writes ../catalog.json.
import json, os
L = ["fr", "pl", "ja"]
def loc(fr, pl, ja):
    return {"fr": fr, "pl": pl, "ja": ja}
def syn(**kw):
    return {k: v for k, v in kw.items() if v}
def opt(i, t, s=None):
    d = {"id": i, "title": t}
    if s: d["synonyms"] = s
    return d
def case(r, t, s=None):
    d = {"rawValue": r, "title": t}
    if s: d["synonyms"] = s
    return d
ph = loc

parcels = [
  opt("parcel-running-shoes", loc("les chaussures de course", "buty do biegania", "ランニングシューズ"),
      syn(fr=["les baskets"], pl=["adidasy"], ja=["スニーカー"])),
  opt("parcel-from-mum", loc("le colis de maman", "paczka od mamy", "母からの荷物"),
      syn(fr=["le paquet de maman"], pl=["przesyłka od mamy"], ja=["お母さんからの荷物"])),
  opt("parcel-order-4417", loc("la commande 4417", "zamówienie 4417", "注文4417"),
      syn(fr=["4417"], pl=["4417"], ja=["4417番"])),
  opt("parcel-coffee-machine", loc("la machine à café", "ekspres do kawy", "コーヒーメーカー"),
      syn(fr=["la cafetière"], pl=["ekspres"], ja=["コーヒーマシン"])),
  opt("parcel-birthday-gift", loc("le cadeau d'anniversaire", "prezent urodzinowy", "誕生日プレゼント"),
      syn(fr=["le cadeau pour Léa"], pl=["prezent dla Oli"], ja=["プレゼント"])),
]
options = [
  case("door", loc("devant la porte", "pod drzwi", "玄関前"), syn(fr=["sur le paillasson"], pl=["na wycieraczkę"], ja=["置き配"])),
  case("neighbour", loc("chez le voisin", "do sąsiada", "お隣さん"), syn(fr=["chez la voisine"], pl=["do sąsiadki"], ja=["隣の家"])),
  case("locker", loc("en consigne automatique", "do paczkomatu", "宅配ロッカー"), syn(fr=["dans un casier"], pl=["do automatu paczkowego"], ja=["ロッカー"])),
  case("post_office", loc("au bureau de poste", "na pocztę", "郵便局"), syn(fr=["à la poste"], pl=["do placówki pocztowej"], ja=["郵便局の窓口"])),
]
slots = [
  case("tomorrow_morning", loc("demain matin", "jutro rano", "明日の午前中"), syn(fr=["demain entre 8 h et 12 h"], pl=["jutro od 8 do 12"], ja=["明日の朝"])),
  case("tomorrow_evening", loc("demain soir", "jutro wieczorem", "明日の夜"), syn(fr=["demain entre 18 h et 21 h"], pl=["jutro od 18 do 21"], ja=["明日の18時から21時"])),
  case("saturday", loc("samedi", "sobota", "土曜日"), syn(fr=["ce samedi"], pl=["weekend"], ja=["土曜"])),
]
shortcuts = [
  {"intent": "TrackParcelIntent", "shortTitle": loc("Suivre un colis", "Śledź paczkę", "荷物を追跡"), "systemImageName": "shippingbox",
   "parameters": {"parcel": "ParcelEntity"},
   "phrases": ph(["Suivre ${parcel} avec ${applicationName}", "Où en est ${parcel} dans ${applicationName}"],
                 ["Śledź ${parcel} w ${applicationName}", "Gdzie jest ${parcel} w ${applicationName}"],
                 ["${applicationName}で${parcel}を追跡", "${applicationName}で${parcel}の配送状況を確認"])},
  {"intent": "ChangeDeliveryPlaceIntent", "shortTitle": loc("Lieu de livraison", "Miejsce dostawy", "受け取り場所"), "systemImageName": "house",
   "parameters": {"place": "DeliveryPlace"},
   "phrases": ph(["Livrer mon colis ${place} avec ${applicationName}", "${applicationName}, laisse le colis ${place}"],
                 ["Dostarcz paczkę ${place} w ${applicationName}", "${applicationName}, przekieruj paczkę ${place}"],
                 ["${applicationName}で受け取り場所を${place}に変更", "${applicationName}で${place}に届けて"])},
  {"intent": "RescheduleDeliveryIntent", "shortTitle": loc("Reporter la livraison", "Przełóż dostawę", "再配達"), "systemImageName": "calendar",
   "parameters": {"slot": "DeliverySlot"},
   "phrases": ph(["Reporter ma livraison à ${slot} avec ${applicationName}", "${applicationName}, livre-moi ${slot}"],
                 ["Przełóż dostawę na ${slot} w ${applicationName}", "${applicationName}, dostawa ${slot}"],
                 ["${applicationName}で${slot}に再配達を依頼", "${applicationName}で配達を${slot}に変更"])},
  {"intent": "ShowPickupCodeIntent", "shortTitle": loc("Code de retrait", "Kod odbioru", "受け取りコード"), "systemImageName": "qrcode",
   "phrases": ph(["Affiche mon code de retrait dans ${applicationName}", "Quel est mon code de retrait sur ${applicationName}"],
                 ["Pokaż kod odbioru w ${applicationName}", "Jaki mam kod odbioru w ${applicationName}"],
                 ["${applicationName}で受け取りコードを表示", "${applicationName}の受け取りコードを見せて"])},
  {"intent": "FindLockerIntent", "shortTitle": loc("Point relais proche", "Najbliższy paczkomat", "近くのロッカー"), "systemImageName": "mappin.and.ellipse",
   "phrases": ph(["Trouve le point relais le plus proche avec ${applicationName}", "Où est la consigne la plus proche dans ${applicationName}"],
                 ["Znajdź najbliższy paczkomat w ${applicationName}", "Gdzie jest najbliższy punkt odbioru w ${applicationName}"],
                 ["${applicationName}で近くの宅配ロッカーを探して", "${applicationName}で一番近い受け取り場所を教えて"])},
  {"intent": "ReturnParcelIntent", "shortTitle": loc("Retourner un article", "Zwróć paczkę", "返品"), "systemImageName": "arrow.uturn.backward",
   "parameters": {"parcel": "ParcelEntity"},
   "phrases": ph(["Retourner ${parcel} avec ${applicationName}", "Renvoyer ${parcel} via ${applicationName}"],
                 ["Zwróć ${parcel} w ${applicationName}", "Odeślij ${parcel} przez ${applicationName}"],
                 ["${applicationName}で${parcel}を返品", "${applicationName}で${parcel}を返送"])},
  {"intent": "ShowDeliveryPhotoIntent", "shortTitle": loc("Photo de livraison", "Zdjęcie dostawy", "配達写真"), "systemImageName": "camera",
   "phrases": ph(["Montre la photo de livraison dans ${applicationName}", "${applicationName}, où a été déposé mon colis"],
                 ["Pokaż zdjęcie dostawy w ${applicationName}", "${applicationName}, gdzie zostawiono moją paczkę"],
                 ["${applicationName}で配達写真を見せて", "${applicationName}で置き配の写真を表示"])},
  {"intent": "DeliveryNotificationsIntent", "shortTitle": loc("Notifications", "Powiadomienia", "配達通知"), "systemImageName": "bell",
   "parameters": {"enabled": {"type": "Bool", "displayName": {"true": loc("Active", "Włącz", "オン"), "false": loc("Désactive", "Wyłącz", "オフ")}}},
   "phrases": ph(["${enabled} les notifications de livraison dans ${applicationName}"],
                 ["${enabled} powiadomienia o dostawie w ${applicationName}"],
                 ["${applicationName}の配達通知を${enabled}にして"])},
]
cat = {
  "format": "phrasematch-catalog", "version": 1, "developmentLocale": "fr", "locales": L,
  "app": {"id": "com.example.parcels", "name": loc("Pakuvo", "Pakuvo", "パクボ"),
          "alternativeNames": [{"name": loc("Kargio", "Kargio", "カルジオ"),
                                "pronunciationHint": loc("kar jo", "kardżio", "かるじお")}]},
  "enums": {"DeliveryPlace": {"cases": options}, "DeliverySlot": {"cases": slots}},
  "entities": {"ParcelEntity": {"options": parcels}},
  "shortcuts": shortcuts,
  "negativePhrases": ph(["Supprime mon compte ${applicationName}", "Annule ma commande"],
                        ["Usuń moje konto w ${applicationName}", "Anuluj zamówienie"],
                        ["${applicationName}のアカウントを削除", "注文をキャンセル"]),
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "catalog.json"), "w", encoding="utf-8") as f:
    json.dump(cat, f, ensure_ascii=False, indent=2); f.write("\n")

"""The preset dictionary that revisions are compressed with (#31.2), frozen.

A stored hand's texts and report are small JSON and notation documents that repeat the same
keys, tags and card names; zlib compresses such a document to about a third of its size
alone and to about a fifth with a dictionary of typical ones (a hand of each game: its
canonical text and the start of its report, as the engines wrote them when the dictionary
was made). A packed revision names the version of the dictionary it was compressed with
(:mod:`records.store`), so this text must never change: a better one is added as version 2,
and version 1 stays to read what it packed.
"""

from __future__ import annotations

import zlib

__all__ = ["DICTIONARIES", "PACKING", "pack_revision", "unpack_revision"]

_VERSION_1 = (
    '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Bruno"]\n\nhand Anna'
    ": 2S 7S KS 7B JB KB 4C 6C 7C 8C 10C KC 2D JD CD 3 6 18 Fool\nhand Bruno: AS 4S 9S"
    " QS AB 2B 4B QB AC 5C 3D 5D 7D 8D 10D KD 2 5 7 8 17\nhand Carla: 3S 5S 8S CS 6B 8"
    "B CB 3C 9C CC QC 6D 9 10 13 15 19 20 21\nhand Dario: 6S 10S JS 3B 5B 9B 10B 2C JC"
    " AD 4D 9D QD 1 4 11 12 14 16\nmountain 1: keep\nmountain 2: mountain mountain keep"
    '\ndiscard: AC 5 announce=1\nsolo: none\ncall: KD surrender\n\u0000{"game": "nice4", "play'
    'ers": ["Anna", "Bruno", "Carla", "Dario"], "dealer": "Bruno", "status": "clean",'
    ' "complete": true, "findings": [], "hands": {"Anna": ["2S", "7S", "KS", "7B", "J'
    'B", "KB", "4C", "6C", "7C", "8C", "10C", "KC", "2D", "JD", "CD", "3", "6", "18",'
    ' "Fool"], "Bruno": ["AS", "4S", "9S", "QS", "AB", "2B", "4B", "QB", "AC", "5C", '
    '"3D", "5D", "7D", "8D", "10D", "KD", "2", "5", "7", "8", "17"], "Carla": ["3S", '
    '"5S", "8S", "CS", "6B", "8B", "CB", "3C", "9C", "CC", "QC", "6D", "9", "10", "13'
    '", "15", "19", "20", "21"], "Dario": ["6S", "10S", "JS", "3B", "5B", "9B", "10B"'
    ', "2C", "JC", "AD", "4D", "9D", "QD", "1", "4", "11", "12", "14", "16"]}, "disca'
    'rd": ["AC", "5"], "stock": null, "draws": [], "contract": {"declarer": "Bruno", '
    '"type": "surrender", "called": "KD"}, "tricks": [], "sides": [], "lines": [{"lab'
    'el": "Surrender: Bruno called his own card and pays 1 to each other player", "ru'
    'le": "NICE-9", "amounts": {"Anna": 1, "Bruno": -3, "Carla": 1, "Dario": 1}}], "s'
    'ettlement": {"Anna": 1, "Bruno": -3, "Carla": 1, "Dario": 1}, "unit": "marca", "'
    'abeyance": 0}[Game "nice3"]\n[Players "Anna, Bruno, Carla"]\n[Dealer "Anna"]\n\nhand'
    " Anna: AS 2S 4S 7S 9S QS AB 2B 4B 7B QB AC 5C 10C KC 3D 5D 7D 8D 10D JD CD KD 2 "
    "5 7 8 17\nhand Bruno: 3S 5S 8S 10S JS CS 3B 6B 8B 10B CB 3C 9C CC QC AD 6D 9 10 1"
    "2 13 15 19 20 21\nhand Carla: 6S KS 5B 9B JB KB 2C 4C 6C 7C 8C JC 2D 4D 9D QD 1 3"
    " 4 6 11 14 16 18 Fool\nmountain 1: keep\nmountain 2: mountain mountain keep\nmounta"
    "in 3: keep\ndiscard: 4S 7S 4B\n1. 20 Fool 5\n2. 6D 4D CD\n3. 2S 10S KS\n4. 11 7 15\n5."
    " QC 7C 10C\n6. AD 9D 3D\n7. 19 14 17\n8. 3C 8C KC\n9. AS 5S 6S\n10. QB 3B JB\n11. 9S 3"
    "S 1\n12. 18 2 13\n13. 5B 2B 8B\n14. 10B 9B AB\n15. 7D 12 2D\n16. CS 4 QS\n17. Carla: 1"
    "6 8 21\n18. 9C 6C 5C\n19. JD 10 QD\n20. CB KB 7B\n21. JC AC CC\n22. 9 3 10D\n23. 8S 6 "
    'KD\n24. 2C 8D JS\n25. 4C 5D 6B\n\u0000{"game": "nice3", "players": ["Anna", "Bruno", "Ca'
    'rla"], "dealer": "Anna", "status": "clean", "complete": true, "findings": [], "h'
    'ands": {"Anna": ["AS", "2S", "4S", "7S", "9S", "QS", "AB", "2B", "4B", "7B", "QB'
    '", "AC", "5C", "10C", "KC", "3D", "5D", "7D", "8D", "10D", "JD", "CD", "KD", "2"'
    ', "5", "7", "8", "17"], "Bruno": ["3S", "5S", "8S", "10S", "JS", "CS", "3B", "6B'
    '", "8B", "10B", "CB", "3C", "9C", "CC", "QC", "AD", "6D", "9", "10", "12", "13",'
    ' "15", "19", "20", "21"], "Carla": ["6S", "KS", "5B", "9B", "JB", "KB", "2C", "4'
    'C", "6C", "7C", "8C", "JC", "2D", "4D", "9D", "QD", "1", "3", "4", "6", "11", "1'
    '4", "16", "18", "Fool"]}, "discard": ["4S", "7S", "4B"], "stock": null, "draws":'
    ' [], "contract": {"type": "three players, each for himself"}, "tricks": [{"numbe'
    'r": 1, "leader": "Bruno", "winner": "Bruno", "points": 4, "plays": [{"seat": "Br'
    'uno", "card": "20", "codes": [], "line": 12, "column": 4}, {"seat": "Carla", "ca'
    'rd": "Fool", "codes": [], "line": 12, "column": 7}, {"seat": "Anna", "card": "5"'
    ', "codes": [], "line": 12, "column": 12}]}, {"number": 2, "leader": "Bruno", "wi'
    'nner": "Anna", "points": 2, "plays": [{"seat": "Bruno", "card": "6D", "codes": ['
    '], "line": 13, "column": 4}, {"seat": "Carla", "card": "4D", "codes": [], "line"'
    ': 13, "column": 7}, {"seat": "Anna", "card": "CD", "codes": [], "line": 13, "col'
    'umn": 10}]}, {"number": 3, "leader": "Anna", "winner": "Carla", "points": 4, "pl'
    'ays": [{"seat": "Anna", "card": "2S", "codes": [], "line": 14, "column": 4}, {"s'
    'eat": "Bruno", "card": "10S", "codes": [], "line": 14, "column": 7}, {"seat": "C'
    'arla", "card": "KS", "codes": [], "line": 14, "column": 11}]}, {"number": 4, "le'
    'ader": "Carla", "winner": "Bruno", "points": 0, "plays": [{"seat": "Carla", "car'
    'd": "11", "codes": [], "line": 15, "column": 4}, {"seat": "Anna", "card": "7", "'
    'codes": [], "line": 15, "column": 7}, {"seat": "Bruno", "card": "15", "codes": ['
    '], "line": 15, "column": 9}]}, {"number": 5, "leader": "Bruno", "winner": "Bruno'
    '", "points": 3, "plays": [{"seat": "Bruno", "card": "QC", "codes": [], "line": 1'
    '6, "column": 4}, {"seat": "Carla", "card": "7C", "codes": [], "line": 16, "colum'
    'n": 7}, {"seat": "Anna", "card": "10C", "codes": [], "line": 16, "column": 10}]}'
    ', {"number": 6, "leader": "Bruno", "winner": "Bruno", "points": 0, "plays": [{"s'
    'eat": "Bruno", "card": "AD", "codes": [], "line": 17, "column": 4}, {"seat": "Ca'
    'rla", "card": "9D", "codes": [], "line": 17, "column": 7}, {"seat": "Anna", "car'
    'd": "3D", "codes": [], "line": 17, "column": 10}]}, {"number": 7, "leader": "Bru'
    'no", "winner": "Bruno", "points": 0, "plays": [{"seat": "Bruno", "card": "19", "'
    'codes": [], "line": 18, "column": 4}, {"seat": "Carla", "card": "14", "codes": ['
    '], "line": 18, "column": 7}, {"seat": "Anna", "card": "17", "codes": [], "line":'
    ' 18, "column": 10}]}, {"number": 8, "leader": "Bruno", "winner": "Anna", "points'
    '": 4, "plays": [{"seat": "Bruno", "card": "3C", "codes": [], "line": 19, "column'
    '": 4}, {"seat": "Carla", "card": "8C", "codes": [], "line": 19, "colum[Game "min'
    'chiate"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Bruno"]\n\nhand Anna: 7S 8'
    "S CS AB 5B 8B 9B KC 2D JD 4 12 13 15 19 24 26 30 32 39\nhand Bruno: 2S 3S KS KB A"
    "C 2C 4C 7C 8C QC QD 1 14 16 18 20 29 33 35 36\nhand Carla: 5S 10S JS 3B 7B JB 9C "
    "10C 4D 6D 9D 10D 3 10 23 25 27 34 38 40\nhand Dario: 6S 4B 6B 10B CB 3C 6C JC CC "
    "AD 3D 5D CD 6 9 11 21 31 37 Fool\nfaceup Anna: KD\nfaceup Bruno: 8D\nfaceup Carla: "
    "AS\nfaceup Dario: 22\npigliare: 2 5 28\nfolla: 4S 9S QS 2B QB 5C 7D 7 8 17 swords=3"
    " batons=2 cups=1 coins=1\ndiscard Bruno: 4C 7C 18\n1. 9D 5D JD QD\n2. 36 3 37 32\n3."
    " 31 15 28 10\n4. 6C KC QC 10C\n5. 7S KS 10S 6S\n6. Bruno: 8C 9C CC 24\n7. Anna: 13 2"
    " 23 21\n8. 38 11 4 14\n9. 5S 9 8S 3S\n10. Dario: JC 30 2C 25\n11. KD 8D 6D 3D\n12. 26"
    " 5 40 6\n13. 10D AD 2D 35\n14. 29 27 22 12\ncascare Dario: 4B 6B 10B CB 3C CD Fool\n"
    "15. 20 34 CB 19\ncascare Carla: AS JS 3B 7B JB 4D\n16. JS 10B CS 2S\n17. Anna: 8B K"
    'B 7B 4B\n18. AC 3B Fool 39\n19. 9B 33 JB 6B\n20. 1 AS CD AB\n21. 16 4D 3C 5B\n\u0000{"game'
    '": "minchiate", "players": ["Anna", "Bruno", "Carla", "Dario"], "dealer": "Bruno'
    '", "status": "clean", "complete": true, "findings": [{"code": "CASCARE", "severi'
    'ty": "note", "message": "Dario has no trumps left and lays the cards open (4B 6B'
    ' 10B CB 3C CD Fool) from trick 15", "rule": "MIN-14", "line": 1, "column": 1, "t'
    'rick": 15, "seat": "Dario", "cards": [], "legal": [], "template": "CASCARE", "fa'
    'cts": {"hand": ["4B", "6B", "10B", "CB", "3C", "CD", "Fool"]}, "after_first_erro'
    'r": false}, {"code": "CASCARE", "severity": "note", "message": "Carla has no tru'
    'mps left and lays the cards open (AS JS 3B 7B JB 4D) from trick 16", "rule": "MI'
    'N-14", "line": 1, "column": 1, "trick": 16, "seat": "Carla", "cards": [], "legal'
    '": [], "template": "CASCARE", "facts": {"hand": ["AS", "JS", "3B", "7B", "JB", "'
    '4D"]}, "after_first_error": false}, {"code": "CASCARE", "severity": "note", "mes'
    'sage": "Anna has no trumps left and lays the cards open (AB 5B 9B) from trick 19'
    '", "rule": "MIN-14", "line": 1, "column": 1, "trick": 19, "seat": "Anna", "cards'
    '": [], "legal": [], "template": "CASCARE", "facts": {"hand": ["AB", "5B", "9B"]}'
    ', "after_first_error": false}, {"code": "FOOL_REPLACEMENT_DERIVED", "severity": '
    '"note", "message": "no replace line: 3S, the lowest non-counting card Bruno & Da'
    'rio had won, is given for the Fool after trick 18", "rule": "MIN-11a", "line": 1'
    ', "column": 1, "trick": null, "seat": null, "cards": ["3S"], "legal": [], "templ'
    'ate": "FOOL_REPLACEMENT_DERIVED.now", "facts": {"side": "Bruno", "partner": "Dar'
    'io", "number": 18}, "after_first_error": false}], "hands": {"Anna": ["7S", "8S",'
    ' "CS", "AB", "5B", "8B", "9B", "KC", "2D", "JD", "KD", "4", "12", "13", "15", "1'
    '9", "24", "26", "30", "32", "39"], "Bruno": ["2S", "3S", "KS", "KB", "AC", "2C",'
    ' "4C", "7C", "8C", "QC", "8D", "QD", "1", "14", "16", "18", "20", "29", "33", "3'
    '5", "36"], "Carla": ["AS", "5S", "10S", "JS", "3B", "7B", "JB", "9C", "10C", "4D'
    '", "6D", "9D", "10D", "3", "10", "23", "25", "27", "34", "38", "40"], "Dario": ['
    '"6S", "4B", "6B", "10B", "CB", "3C", "6C", "JC", "CC", "AD", "3D", "5D", "CD", "'
    '6", "9", "11", "21", "22", "31", "37", "Fool"]}, "discard": ["4C", "7C", "18"], '
    '"stock": null, "draws": [], "contract": {"sides": "Anna & Carla v Bruno & Dario"'
    ', "dealer": "Bruno", "cutter": "Anna", "end count": "119 to 148"}, "tricks": [{"'
    'number": 1, "leader": "Carla", "winner": "Bruno", "points": 0, "plays": [{"seat"'
    ': "Carla", "card": "9D", "codes": [], "line": 16, "column": 4}, {"seat": "Dario"'
    ', "card": "5D", "codes": [], "line": 16, "column": 7}, {"seat": "Anna", "card": '
    '"JD", "codes": [], "line": 16, "column": 10}, {"seat": "Bruno", "card": "QD", "c'
    'odes": [], "line": 16, "column": 13}]}, {"number": 2, "leader": "Bruno", "winner'
    '": "Dario", "points": 28, "plays": [{"seat": "Bruno", "card": "36", "codes": [],'
    ' "line": 17, "column": 4}, {"seat": "Carla", "card": "3", "codes": [], "line": 1'
    '7, "column": 7}, {"seat": "Dario", "card": "37", "codes": [], "line": 17, "colum'
    'n": 9}, {"seat": "Anna", "card": "[Game "pinch"]\n[Players "Anna, Bruno"]\n[Dealer'
    ' "Anna"]\n\nhand Anna: 10S JS 3C 4C 8C 10C CC 5H 9H CH 9D 13 14 18 Fool\nhand Bruno'
    ": 3S 5S 6S 8S 9S 6C 3H AD 4D 10D JD CD QD 15 16\nstock: 3 CS 6 17 6D 5C 21 JH QH "
    "9C 3D 8H 4H AH AC 6H 12 5D KC KS 2D JC 11 9 KH 1 4 2S 7C 10 7S 19 10H 2H 7H 20 A"
    "S KD 8D 4S 7 QS QC 7D 5 2 8 2C\n1. 5S 10S\ndraw Anna: 3\ndraw Bruno: CS\n2. 5H 3H\ndr"
    "aw Anna: 6\ndraw Bruno: 17\n3. Anna: JS 9S\ndraw Anna: 6D\ndraw Bruno: 5C\n4. 13 17\nd"
    "raw Bruno: 21\ndraw Anna: JH\n5. AD Fool\ndraw Bruno: QH\ndraw Anna: 9C\n6. 10D 6D\ndr"
    "aw Bruno: 3D\ndraw Anna: 8H\n7. 15 6\ndraw Bruno: 4H\ndraw Anna: AH\n8. 16 18\ndraw An"
    "na: AC\ndraw Bruno: 6H\ncover Anna: 18\n9. AH 6H\ndraw Bruno: 12\ndraw Anna: 5D\n10. 4"
    "D 5D\ndraw Anna: KC\ndraw Bruno: KS\n11. 3 12\ndraw Bruno: 2D\ndraw Anna: JC\n12. QH 9"
    "H\ndraw Bruno: 11\ndraw Anna: 9\n13. 3S 14\ndraw Anna: KH\ndraw Bruno: 1\n14. 8H 4H\ndr"
    "aw Anna: 4\ndraw Bruno: 2S\n15. JC 6C\ndraw Anna: 7C\ndraw Bruno: 10\n16. Anna: 10C 5"
    "C\ndraw Anna: 7S\ndraw Bruno: 19\n17. KC 21\ndraw Bruno: 10H\ndraw Anna: 2H\n18. 10H K"
    "H\ndraw Anna: 7H\ndraw Bruno: 20\n19. 9D 3D\ndraw Anna: AS\ndraw Bruno: KD\nmeld Bruno"
    ": family JD CD QD KD\n20. 7S KS\ndraw Bruno: 8D\ndraw Anna: 4S\n21. Bruno: 19 9\ndraw"
    " Bruno: 7\ndraw Anna: QS\n22. 1 4\ndraw Anna: QC\ndraw Bruno: 7D\n23. Anna: AS CS\ndra"
    "w Bruno: 5\ndraw Anna: 2\n24. 10 2\ndraw Bruno: 8\ndraw Anna: 2C\n25. 6S 4S\n26. 8S QS"
    "\n27. QC 7\n28. 11 CH\n29. CD CC\n30. 2S 7C\n31. 5 4C\n32. QD 8C\n33. JD JH\n34. 7D AC\n3"
    '5. 2D 3C\n36. 20 9C\n37. 8 7H\n38. 8D 2C\n39. KD 2H\n\u0000{"game": "pinch", "players": ["'
    'Anna", "Bruno"], "dealer": "Anna", "status": "clean", "complete": true, "finding'
    's": [], "hands": {"Anna": ["10S", "JS", "3B", "4B", "8B", "10B", "CB", "5C", "9C'
    '", "CC", "9D", "13", "14", "18", "Fool"], "Bruno": ["3S", "5S", "6S", "8S", "9S"'
    ', "6B", "3C", "AD", "4D", "10D", "JD", "CD", "QD", "15", "16"]}, "discard": null'
    ', "stock": ["3", "CS", "6", "17", "6D", "5B", "21", "JC", "QC", "9B", "3D", "8C"'
    ', "4C", "AC", "AB", "6C", "12", "5D", "KB", "KS", "2D", "JB", "11", "9", "KC", "'
    '1", "4", "2S", "7B", "10", "7S", "19", "10C", "2C", "7C", "20", "AS", "KD", "8D"'
    ', "4S", "7", "QS", "QB", "7D", "5", "2", "8", "2B"], "draws": [{"trick": 1, "sea'
    't": "Anna", "card": "3"}, {"trick": 1, "seat": "Bruno", "card": "CS"}, {"trick":'
    ' 2, "seat": "Anna", "card": "6"}, {"trick": 2, "seat": "Bruno", "card": "17"}, {'
    '"trick": 3, "seat": "Anna", "card": "6D"}, {"trick": 3, "seat": "Bruno", "card":'
    ' "5B"}, {"trick": 4, "seat": "Bruno", "card": "21"}, {"trick": 4, "seat": "Anna"'
    ', "card": "JC"}, {"trick": 5, "seat": "Bruno", "card": "QC"}, {"trick": 5, "seat'
    '": "Anna", "card": "9B"}, {"trick": 6, "seat": "Bruno", "card": "3D"}, {"trick":'
    ' 6, "seat": "Anna", "card": "8C"}, {"trick": 7, "seat": "Bruno", "card": "4C"}, '
    '{"trick": 7, "seat": "Anna", "card": "AC"}, {"trick": 8, "seat": "Anna", "card":'
    ' "AB"}, {"trick": 8, "seat": "Bruno", "card": "6C"}, {"trick": 9, "seat": "Bruno'
    '", "card": "12"}, {"trick": 9, "seat": "Anna", "card": "5D"}, {"trick": 10, "sea'
    't": "Anna", "card": "KB"}, {"trick": 10, "seat": "Bruno", "card": "KS"}, {"trick'
    '": 11, "seat": "Bruno", "card": "2D"}, {"trick": 11, "seat": "Anna", "card": "JB'
    '"}, {"trick": 12, "seat": "Bruno", "card": "11"}, {"trick": 12, "seat": "Anna", '
    '"card": "9"}, {"trick": 13, "seat": "Anna", "card": "KC"}, {"trick": 13, "seat":'
    ' "Bruno", "card": "1"}, {"trick": 14, "seat": "Anna", "card": "4"}, {"trick": 14'
    ', "seat": "Bruno", "card": "2S"}, {"trick": 15, "seat": "Anna", "card": "7B"}, {'
    '"trick": 15, "seat": "Bruno", "card": "10"}, {"trick": 16, "seat": "Anna", "card'
    '": "7S"}, {"trick": 16, "seat": "Bruno", "card": "19"}, {"trick": 17, "seat": "B'
    'runo", "card": "10C"}, {"trick": 17, "seat": "Anna", "card": "2C"}, {"trick": 18'
    ', "seat": "Anna", "card": "7C"}, {"trick": 18, "seat": "Bruno", "card": "20"}, {'
    '"trick": 19, "seat": "Anna", "card": "AS"}, {"trick": 19, "seat": "Bruno", "card'
    '": "KD"}, {"trick": 20, "seat": "Bruno", "card": "8D"}, {"trick": 20, "seat": "A'
    'nna", "card": "4S"}, {"trick": 21, "seat": "Bruno", "card": "7"}, {"trick": 21, '
    '"seat": "Anna", "card": "QS"}, {"trick": 22, "seat": "Anna", "card": "QB"}, {"tr'
    'ick": 22, "seat": "Bruno", "card": "7D"}, {"trick": 23, "seat": "Bruno", "card":'
    ' "5"}, {"trick": 23, "seat": "Anna", "card": "2"}, {"trick": 24, "seat": "Bruno"'
    ', "card": "8"}, {"trick": 24, "seat": "Anna", "card": "2B"}], "contract": {"Fool'
    ' covered with": "18"}, "tricks": [{"number": 1, "leader": "Bruno", "winner": "An'
    'na", "points": 0, "plays": [{"seat": "Bruno", "card": "5S", "codes": [], "line":'
    ' 8, "colu[Game "piemonte3"]\n[Players "Anna, Bruno, Carla"]\n[Dealer "Anna"]\n\nhand'
    " Anna: 5S 6S 7S 8S 9S AB 2B KB 5C 6C 10C QC 5D 7D 10D QD 2 3 5 6 8 11 14 16 17 1"
    "9 21 Fool\nhand Bruno: AS 3S CS KS 3B 4B 5B 6B 8B JB AC 2C 3C 7C 9C JC 2D 3D 4D 6"
    "D KD 4 9 10 18\nhand Carla: 2S 4S 10S JS QS 7B 9B 10B CB QB 4C 8C CC KC AD 8D 9D "
    "JD CD 1 7 12 13 15 20\nbargain 2: continue\nbargain 3: continue\nbargain 4: continu"
    "e\ndiscard: 2 8 11\n1. 3B QB 2B\n2. 4S 8S CS\n3. 8B CB KB\n4. 3 10 1\n5. 9 20 19\n6. 2S"
    " 6S KS\n7. 18 12 Fool\nfool Anna: 8B\n8. 3S QS 5S\n9. 10S 9S AS\n10. AD 7D 4D\n11. 9D "
    "5D 6D\n12. 5C 2C CC\n13. 9B AB 6B\n14. KC 10C 9C\n15. 8C QC 7C\n16. QD 3D 8D\n17. 21 4"
    " 15\n18. 7S AC JS\n19. 7B 6 5B\n20. 17 JC 7\n21. 16 2D 13\n22. 6C 3C 4C\n23. JB 10B 14"
    '\n24. 10D KD CD\n25. 4B JD 5\n\u0000{"game": "piemonte3", "players": ["Anna", "Bruno", "'
    'Carla"], "dealer": "Anna", "status": "clean", "complete": true, "findings": [], '
    '"hands": {"Anna": ["5S", "6S", "7S", "8S", "9S", "AB", "2B", "KB", "5C", "6C", "'
    '10C", "QC", "5D", "7D", "10D", "QD", "2", "3", "5", "6", "8", "11", "14", "16", '
    '"17", "19", "21", "Fool"], "Bruno": ["AS", "3S", "CS", "KS", "3B", "4B", "5B", "'
    '6B", "8B", "JB", "AC", "2C", "3C", "7C", "9C", "JC", "2D", "3D", "4D", "6D", "KD'
    '", "4", "9", "10", "18"], "Carla": ["2S", "4S", "10S", "JS", "QS", "7B", "9B", "'
    '10B", "CB", "QB", "4C", "8C", "CC", "KC", "AD", "8D", "9D", "JD", "CD", "1", "7"'
    ', "12", "13", "15", "20"]}, "discard": ["2", "8", "11"], "stock": null, "draws":'
    ' [], "contract": {"bargaining": "continued", "fool": "Anna gave 8B to Bruno for '
    'the Fool of trick 7, at once"}, "tricks": [{"number": 1, "leader": "Bruno", "win'
    'ner": "Carla", "points": 6, "plays": [{"seat": "Bruno", "card": "3B", "codes": ['
    '], "line": 12, "column": 4}, {"seat": "Carla", "card": "QB", "codes": [], "line"'
    ': 12, "column": 7}, {"seat": "Anna", "card": "2B", "codes": [], "line": 12, "col'
    'umn": 10}]}, {"number": 2, "leader": "Carla", "winner": "Bruno", "points": 5, "p'
    'lays": [{"seat": "Carla", "card": "4S", "codes": [], "line": 13, "column": 4}, {'
    '"seat": "Anna", "card": "8S", "codes": [], "line": 13, "column": 7}, {"seat": "B'
    'runo", "card": "CS", "codes": [], "line": 13, "column": 10}]}, {"number": 3, "le'
    'ader": "Bruno", "winner": "Anna", "points": 9, "plays": [{"seat": "Bruno", "card'
    '": "8B", "codes": [], "line": 14, "column": 4}, {"seat": "Carla", "card": "CB", '
    '"codes": [], "line": 14, "column": 7}, {"seat": "Anna", "card": "KB", "codes": ['
    '], "line": 14, "column": 10}]}, {"number": 4, "leader": "Anna", "winner": "Bruno'
    '", "points": 7, "plays": [{"seat": "Anna", "card": "3", "codes": [], "line": 15,'
    ' "column": 4}, {"seat": "Bruno", "card": "10", "codes": [], "line": 15, "column"'
    ': 6}, {"seat": "Carla", "card": "1", "codes": [], "line": 15, "column": 9}]}, {"'
    'number": 5, "leader": "Bruno", "winner": "Carla", "points": 7, "plays": [{"seat"'
    ': "Bruno", "card": "9", "codes": [], "line": 16, "column": 4}, {"seat": "Carla",'
    ' "card": "20", "codes": [], "line": 16, "column": 6}, {"seat": "Anna", "card": "'
    '19", "codes": [], "line": 16, "column": 9}]}, {"number": 6, "leader": "Carla", "'
    'winner": "Bruno", "points": 7, "plays": [{"seat": "Carla", "card": "2S", "codes"'
    ': [], "line": 17, "column": 4}, {"seat": "Anna", "card": "6S", "codes": [], "lin'
    'e": 17, "column": 7}, {"seat": "Bruno", "card": "KS", "codes": [], "line": 17, "'
    'column": 10}]}, {"number": 7, "leader": "Bruno", "winner": "Bruno", "points": 2,'
    ' "plays": [{"seat": "Bruno", "card": "18", "codes": [], "line": 18, "column": 4}'
    ', {"seat": "Carla", "card": "12", "codes": [], "line": 18, "column": 7}, {"seat"'
    ': "Anna", "card": "Fool", "codes": [], "line": 18, "column": 10}]}, {"number": 8'
    ', "leader": "Bruno", "winner": "Carla", "points": 6, "plays": [{"seat": "Bruno",'
    ' "card": "3S", "codes": [], "line": 20, "column": 4}, {"seat": "Carl[Game "piedi'
    'cavallo"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Bruno"]\n\nhand Anna: 5S '
    "9B CB AC CC 4D 5D CD QD 6 8 10 11 13 20\nhand Bruno: 6S 9S JS CS 8B JB 5C QC AD 2"
    "D JD 2 9 12 15 19 21\nhand Carla: 7S 8S 10S QS KS 5B KB 3C 6C JC KC 3D 6D 5 18\nha"
    "nd Dario: 6B 7B 10B QB 2C 4C KD 1 3 4 7 14 16 17 Fool\ndiscard: 5C QC\n1. KB 7B CB"
    " JB\n2. 7S 17 5S JS(have 9S CS +1, sleeping none)\n3. 3(play-low, lead trumps high"
    ") 6 19 5\n4. 2D 6D Fool 4D\n5. 12 18 1 11\n6. KS 16 13 6S\n7. KD 5D AD 3D\n8. 4C(have"
    " +1, win-this) CC 2 6C\n9. 9S 10S 4 20\n10. QD JD 8S 14\n11. 10B 9B 8B 5B\n12. 6B 10"
    " 21 KC\n13. Bruno: 15 QS 7 8\n14. 9 JC(lead this) QB CD\n15. CS 3C(lead other-colou"
    'r points) 2C AC\n\u0000{"game": "piedicavallo", "players": ["Anna", "Bruno", "Carla", '
    '"Dario"], "dealer": "Bruno", "status": "clean", "complete": true, "findings": []'
    ', "hands": {"Anna": ["5S", "9B", "CB", "AC", "CC", "4D", "5D", "CD", "QD", "6", '
    '"8", "10", "11", "13", "20"], "Bruno": ["6S", "9S", "JS", "CS", "8B", "JB", "5C"'
    ', "QC", "AD", "2D", "JD", "2", "9", "12", "15", "19", "21"], "Carla": ["7S", "8S'
    '", "10S", "QS", "KS", "5B", "KB", "3C", "6C", "JC", "KC", "3D", "6D", "5", "18"]'
    ', "Dario": ["6B", "7B", "10B", "QB", "2C", "4C", "KD", "1", "3", "4", "7", "14",'
    ' "16", "17", "Fool"]}, "discard": ["5C", "QC"], "stock": null, "draws": [], "con'
    'tract": {"sides": "Anna and Carla v Bruno and Dario", "dealer\'s side": "Bruno an'
    'd Dario"}, "tricks": [{"number": 1, "leader": "Carla", "winner": "Carla", "point'
    's": 11, "plays": [{"seat": "Carla", "card": "KB", "codes": [], "line": 10, "colu'
    'mn": 4}, {"seat": "Dario", "card": "7B", "codes": [], "line": 10, "column": 7}, '
    '{"seat": "Anna", "card": "CB", "codes": [], "line": 10, "column": 10}, {"seat": '
    '"Bruno", "card": "JB", "codes": [], "line": 10, "column": 13}]}, {"number": 2, "'
    'leader": "Carla", "winner": "Dario", "points": 5, "plays": [{"seat": "Carla", "c'
    'ard": "7S", "codes": [], "line": 11, "column": 4}, {"seat": "Dario", "card": "17'
    '", "codes": [], "line": 11, "column": 7}, {"seat": "Anna", "card": "5S", "codes"'
    ': [], "line": 11, "column": 10}, {"seat": "Bruno", "card": "JS", "codes": [], "l'
    'ine": 11, "column": 13}]}, {"number": 3, "leader": "Dario", "winner": "Bruno", "'
    'points": 4, "plays": [{"seat": "Dario", "card": "3", "codes": [], "line": 12, "c'
    'olumn": 4}, {"seat": "Anna", "card": "6", "codes": [], "line": 12, "column": 34}'
    ', {"seat": "Bruno", "card": "19", "codes": [], "line": 12, "column": 36}, {"seat'
    '": "Carla", "card": "5", "codes": [], "line": 12, "column": 39}]}, {"number": 4,'
    ' "leader": "Bruno", "winner": "Bruno", "points": 3, "plays": [{"seat": "Bruno", '
    '"card": "2D", "codes": [], "line": 13, "column": 4}, {"seat": "Carla", "card": "'
    '6D", "codes": [], "line": 13, "column": 7}, {"seat": "Dario", "card": "Fool", "c'
    'odes": [], "line": 13, "column": 10}, {"seat": "Anna", "card": "4D", "codes": []'
    ', "line": 13, "column": 15}]}, {"number": 5, "leader": "Bruno", "winner": "Carla'
    '", "points": 8, "plays": [{"seat": "Bruno", "card": "12", "codes": [], "line": 1'
    '4, "column": 4}, {"seat": "Carla", "card": "18", "codes": [], "line": 14, "colum'
    'n": 7}, {"seat": "Dario", "card": "1", "codes": [], "line": 14, "column": 10}, {'
    '"seat": "Anna", "card": "11", "codes": [], "line": 14, "column": 12}]}, {"number'
    '": 6, "leader": "Carla", "winner": "Dario", "points": 8, "plays": [{"seat": "Car'
    'la", "card": "KS", "codes": [], "line": 15, "column": 4}, {"seat": "Dario", "car'
    'd": "16", "codes": [], "line": 15, "column": 7}, {"seat": "Anna", "card": "13", '
    '"codes": [], "line": 15, "column": 10}, {"seat": "Bruno", "card": "6S", "codes":'
    ' [], "line": 15, "column": 13}]}, {"number": 7, "leader": "Dario", "winner": "Da'
    'rio", "points": 8, "plays": [{"seat": "Dario", "card": "K'
)

DICTIONARIES: dict[int, bytes] = {1: _VERSION_1.encode("ascii")}

PACKING = 1
"""The preset dictionary new revisions are packed with."""

#: A compressor with the dictionary already taken in, copied for each revision. Level 3: 6
#: packs a nice4 hand 10% smaller in twice the time, which showed in bulk imports; memory
#: level 4 (of 9) halves what each copy copies, for 1 or 2% more bytes.
_PRIMED = zlib.compressobj(3, zlib.DEFLATED, zlib.MAX_WBITS, 4, zdict=DICTIONARIES[PACKING])


def pack_revision(original_text: str, canonical_text: str, kept: str | None) -> bytes:
    """A revision's texts and what it keeps of its report, compressed together: a byte
    naming the preset dictionary, then the zlib stream of both texts' lengths, the texts and
    ``kept``.

    ``kept`` is the report JSON (an object: how revisions were packed first) or only its
    findings (a list: what is kept since #31.4, the rest being the text replayed), or
    ``None`` (no findings: nothing kept). A canonical text equal to the original is kept as
    length 0. A text is never empty, so neither can be taken for the other."""
    compressor = _PRIMED.copy()
    canonical = "" if canonical_text == original_text else canonical_text
    data = f"{len(original_text)}:{len(canonical)}:{original_text}{canonical}{kept or ''}"
    return bytes([PACKING]) + compressor.compress(data.encode()) + compressor.flush()


def unpack_revision(packed: bytes) -> tuple[str, str, str | None]:
    """The original text, the canonical text and what was kept of the report (JSON, or
    ``None``) of :func:`pack_revision`; ``ValueError`` for bytes it did not pack."""
    if not packed or packed[0] not in DICTIONARIES:
        raise ValueError("not a packed revision (no known dictionary)")
    decompressor = zlib.decompressobj(zdict=DICTIONARIES[packed[0]])
    text = (decompressor.decompress(packed[1:]) + decompressor.flush()).decode()
    first, second, rest = text.split(":", 2)
    original, canonical = int(first), int(second)
    kept = rest[original + canonical :] or None
    if not canonical:
        return rest[:original], rest[:original], kept
    return rest[:original], rest[original : original + canonical], kept

"""The exact sentences, reviewed by hand: (case, perspective, verbosity) -> text."""

from __future__ import annotations

MOVE_SENTENCES: dict[tuple[str, str, str], str] = {
    ('a capture', 'as White', 'brief'):
        '7 to their 6, now 10, take 10. 10 to 0.',
    ('a capture', 'as White', 'normal'):
        (
            "You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now "
            'holds 10. You capture 10. You lead 10 to 0.'
        ),
    ('a capture', 'as White', 'full'):
        (
            "You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now "
            'holds 10. You capture 10. You lead 10 to 0. Changes on your row: pit 7 from 9 to 1, pit '
            "8 from 9 to 10, pit 9 from 9 to 10. Changes on the computer's row: pit 1 from 9 to 10, "
            'pit 2 from 9 to 10, pit 3 from 9 to 10, pit 4 from 9 to 10, pit 5 from 9 to 10, pit 6 '
            'from 9 to 0.'
        ),
    ('a capture', 'as Black', 'brief'):
        (
            'Their 7 to your 6, now 10, take 10.\n0 to 10.'
        ),
    ('a capture', 'as Black', 'normal'):
        (
            'The computer sows 9 stones from pit 7; the last stone falls into your pit 6, which now '
            'holds 10. The computer captures 10. The computer leads 10 to 0.'
        ),
    ('a capture', 'as Black', 'full'):
        (
            'The computer sows 9 stones from pit 7; the last stone falls into your pit 6, which now '
            'holds 10. The computer captures 10. The computer leads 10 to 0. Changes on your row: pit'
            ' 1 from 9 to 10, pit 2 from 9 to 10, pit 3 from 9 to 10, pit 4 from 9 to 10, pit 5 from '
            "9 to 10, pit 6 from 9 to 0. Changes on the computer's row: pit 7 from 9 to 1, pit 8 from"
            ' 9 to 10, pit 9 from 9 to 10.'
        ),
    ('a capture', 'two players', 'brief'):
        (
            'Aigerim 7 to Bolat 6, now 10, take 10.\n10 to 0.'
        ),
    ('a capture', 'two players', 'normal'):
        (
            "Aigerim sows 9 stones from pit 7; the last stone falls into Bolat's pit 6, which now "
            'holds 10. Aigerim captures 10. Aigerim leads 10 to 0.'
        ),
    ('a capture', 'two players', 'full'):
        (
            "Aigerim sows 9 stones from pit 7; the last stone falls into Bolat's pit 6, which now "
            "holds 10. Aigerim captures 10. Aigerim leads 10 to 0. Changes on Aigerim's row: pit 7 "
            "from 9 to 1, pit 8 from 9 to 10, pit 9 from 9 to 10. Changes on Bolat's row: pit 1 from "
            '9 to 10, pit 2 from 9 to 10, pit 3 from 9 to 10, pit 4 from 9 to 10, pit 5 from 9 to 10,'
            ' pit 6 from 9 to 0.'
        ),
    ('landing on the own row', 'as White', 'brief'):
        '1 to your 9, now 10. 0 to 0.',
    ('landing on the own row', 'as White', 'normal'):
        'You sow 9 stones from pit 1; the last stone falls into your pit 9, which now holds 10. Tied at 0.',
    ('landing on the own row', 'as White', 'full'):
        (
            'You sow 9 stones from pit 1; the last stone falls into your pit 9, which now holds 10. '
            'Tied at 0. Changes on your row: pit 1 from 9 to 1, pit 2 from 9 to 10, pit 3 from 9 to '
            '10, pit 4 from 9 to 10, pit 5 from 9 to 10, pit 6 from 9 to 10, pit 7 from 9 to 10, pit '
            '8 from 9 to 10, pit 9 from 9 to 10.'
        ),
    ('landing on the own row', 'as Black', 'brief'):
        'Their 1 to their 9, now 10. 0 to 0.',
    ('landing on the own row', 'as Black', 'normal'):
        (
            "The computer sows 9 stones from pit 1; the last stone falls into the computer's pit 9, "
            'which now holds 10. Tied at 0.'
        ),
    ('landing on the own row', 'as Black', 'full'):
        (
            "The computer sows 9 stones from pit 1; the last stone falls into the computer's pit 9, "
            "which now holds 10. Tied at 0. Changes on the computer's row: pit 1 from 9 to 1, pit 2 "
            'from 9 to 10, pit 3 from 9 to 10, pit 4 from 9 to 10, pit 5 from 9 to 10, pit 6 from 9 '
            'to 10, pit 7 from 9 to 10, pit 8 from 9 to 10, pit 9 from 9 to 10.'
        ),
    ('landing on the own row', 'two players', 'brief'):
        'Aigerim 1 to Aigerim 9, now 10. 0 to 0.',
    ('landing on the own row', 'two players', 'normal'):
        (
            "Aigerim sows 9 stones from pit 1; the last stone falls into Aigerim's pit 9, which now "
            'holds 10. Tied at 0.'
        ),
    ('landing on the own row', 'two players', 'full'):
        (
            "Aigerim sows 9 stones from pit 1; the last stone falls into Aigerim's pit 9, which now "
            "holds 10. Tied at 0. Changes on Aigerim's row: pit 1 from 9 to 1, pit 2 from 9 to 10, "
            'pit 3 from 9 to 10, pit 4 from 9 to 10, pit 5 from 9 to 10, pit 6 from 9 to 10, pit 7 '
            'from 9 to 10, pit 8 from 9 to 10, pit 9 from 9 to 10.'
        ),
    ('making a tuzdyk', 'as White', 'brief'):
        '8 to their 2, now 3, tuzdyk. 23 to 30.',
    ('making a tuzdyk', 'as White', 'normal'):
        (
            "You sow 4 stones from pit 8; the last stone falls into the computer's pit 2, which now "
            'holds 3. That pit becomes your tuzdyk and you take its 3 stones. The computer leads 30 '
            'to 23.'
        ),
    ('making a tuzdyk', 'as White', 'full'):
        (
            "You sow 4 stones from pit 8; the last stone falls into the computer's pit 2, which now "
            'holds 3. That pit becomes your tuzdyk and you take its 3 stones. The computer leads 30 '
            'to 23. Changes on your row: pit 8 from 4 to 1, pit 9 from 1 to 2. Changes on the '
            "computer's row: pit 1 from 5 to 6, pit 2 from 2 to 0."
        ),
    ('making a tuzdyk', 'as Black', 'brief'):
        (
            'Their 8 to your 2, now 3, tuzdyk.\n30 to 23.'
        ),
    ('making a tuzdyk', 'as Black', 'normal'):
        (
            'The computer sows 4 stones from pit 8; the last stone falls into your pit 2, which now '
            "holds 3. That pit becomes the computer's tuzdyk and the computer takes its 3 stones. You"
            ' lead 30 to 23.'
        ),
    ('making a tuzdyk', 'as Black', 'full'):
        (
            'The computer sows 4 stones from pit 8; the last stone falls into your pit 2, which now '
            "holds 3. That pit becomes the computer's tuzdyk and the computer takes its 3 stones. You"
            ' lead 30 to 23. Changes on your row: pit 1 from 5 to 6, pit 2 from 2 to 0. Changes on '
            "the computer's row: pit 8 from 4 to 1, pit 9 from 1 to 2."
        ),
    ('making a tuzdyk', 'two players', 'brief'):
        (
            'Aigerim 8 to Bolat 2, now 3, tuzdyk.\n23 to 30.'
        ),
    ('making a tuzdyk', 'two players', 'normal'):
        (
            "Aigerim sows 4 stones from pit 8; the last stone falls into Bolat's pit 2, which now "
            "holds 3. That pit becomes Aigerim's tuzdyk and Aigerim takes its 3 stones. Bolat leads "
            '30 to 23.'
        ),
    ('making a tuzdyk', 'two players', 'full'):
        (
            "Aigerim sows 4 stones from pit 8; the last stone falls into Bolat's pit 2, which now "
            "holds 3. That pit becomes Aigerim's tuzdyk and Aigerim takes its 3 stones. Bolat leads "
            "30 to 23. Changes on Aigerim's row: pit 8 from 4 to 1, pit 9 from 1 to 2. Changes on "
            "Bolat's row: pit 1 from 5 to 6, pit 2 from 2 to 0."
        ),
    ('landing in a tuzdyk', 'as White', 'brief'):
        '8 into your tuzdyk. 21 to 30.',
    ('landing in a tuzdyk', 'as White', 'normal'):
        (
            "You sow 4 stones from pit 8; the last stone falls into your tuzdyk, the computer's pit "
            '2. Your tuzdyk collects 1 stone. The computer leads 30 to 21.'
        ),
    ('landing in a tuzdyk', 'as White', 'full'):
        (
            "You sow 4 stones from pit 8; the last stone falls into your tuzdyk, the computer's pit "
            '2. Your tuzdyk collects 1 stone. The computer leads 30 to 21. Changes on your row: pit 8'
            " from 4 to 1, pit 9 from 1 to 2. Changes on the computer's row: pit 1 from 5 to 6."
        ),
    ('landing in a tuzdyk', 'as Black', 'brief'):
        'Their 8 into their tuzdyk. 30 to 21.',
    ('landing in a tuzdyk', 'as Black', 'normal'):
        (
            "The computer sows 4 stones from pit 8; the last stone falls into the computer's tuzdyk, "
            "your pit 2. The computer's tuzdyk collects 1 stone. You lead 30 to 21."
        ),
    ('landing in a tuzdyk', 'as Black', 'full'):
        (
            "The computer sows 4 stones from pit 8; the last stone falls into the computer's tuzdyk, "
            "your pit 2. The computer's tuzdyk collects 1 stone. You lead 30 to 21. Changes on your "
            "row: pit 1 from 5 to 6. Changes on the computer's row: pit 8 from 4 to 1, pit 9 from 1 "
            'to 2.'
        ),
    ('landing in a tuzdyk', 'two players', 'brief'):
        'Aigerim 8 into Aigerim tuzdyk. 21 to 30.',
    ('landing in a tuzdyk', 'two players', 'normal'):
        (
            "Aigerim sows 4 stones from pit 8; the last stone falls into Aigerim's tuzdyk, Bolat's "
            "pit 2. Aigerim's tuzdyk collects 1 stone. Bolat leads 30 to 21."
        ),
    ('landing in a tuzdyk', 'two players', 'full'):
        (
            "Aigerim sows 4 stones from pit 8; the last stone falls into Aigerim's tuzdyk, Bolat's "
            "pit 2. Aigerim's tuzdyk collects 1 stone. Bolat leads 30 to 21. Changes on Aigerim's "
            "row: pit 8 from 4 to 1, pit 9 from 1 to 2. Changes on Bolat's row: pit 1 from 5 to 6."
        ),
    ('tuzdyk income and a capture', 'as White', 'brief'):
        (
            '7 to their 1, now 6, take 6.\nTuzdyk 1 to them. 26 to 31.'
        ),
    ('tuzdyk income and a capture', 'as White', 'normal'):
        (
            "You sow 4 stones from pit 7; the last stone falls into the computer's pit 1, which now "
            "holds 6. You capture 6. The computer's tuzdyk collects 1 stone. The computer leads 31 to"
            ' 26.'
        ),
    ('tuzdyk income and a capture', 'as White', 'full'):
        (
            "You sow 4 stones from pit 7; the last stone falls into the computer's pit 1, which now "
            "holds 6. You capture 6. The computer's tuzdyk collects 1 stone. The computer leads 31 to"
            ' 26. Changes on your row: pit 7 from 4 to 1, pit 8 from 1 to 2. Changes on the '
            "computer's row: pit 1 from 5 to 0."
        ),
    ('tuzdyk income and a capture', 'as Black', 'brief'):
        (
            'Their 7 to your 1, now 6, take 6.\nTuzdyk 1 to you. 31 to 26.'
        ),
    ('tuzdyk income and a capture', 'as Black', 'normal'):
        (
            'The computer sows 4 stones from pit 7; the last stone falls into your pit 1, which now '
            'holds 6. The computer captures 6. Your tuzdyk collects 1 stone. You lead 31 to 26.'
        ),
    ('tuzdyk income and a capture', 'as Black', 'full'):
        (
            'The computer sows 4 stones from pit 7; the last stone falls into your pit 1, which now '
            'holds 6. The computer captures 6. Your tuzdyk collects 1 stone. You lead 31 to 26. '
            "Changes on your row: pit 1 from 5 to 0. Changes on the computer's row: pit 7 from 4 to "
            '1, pit 8 from 1 to 2.'
        ),
    ('tuzdyk income and a capture', 'two players', 'brief'):
        (
            'Aigerim 7 to Bolat 1, now 6, take 6.\nTuzdyk 1 to Bolat. 26 to 31.'
        ),
    ('tuzdyk income and a capture', 'two players', 'normal'):
        (
            "Aigerim sows 4 stones from pit 7; the last stone falls into Bolat's pit 1, which now "
            "holds 6. Aigerim captures 6. Bolat's tuzdyk collects 1 stone. Bolat leads 31 to 26."
        ),
    ('tuzdyk income and a capture', 'two players', 'full'):
        (
            "Aigerim sows 4 stones from pit 7; the last stone falls into Bolat's pit 1, which now "
            "holds 6. Aigerim captures 6. Bolat's tuzdyk collects 1 stone. Bolat leads 31 to 26. "
            "Changes on Aigerim's row: pit 7 from 4 to 1, pit 8 from 1 to 2. Changes on Bolat's row: "
            'pit 1 from 5 to 0.'
        ),
    ('winning by majority', 'as White', 'brief'):
        (
            '7 to their 6, now 10, take 10.\nYou win 85 to 50. By majority.'
        ),
    ('winning by majority', 'as White', 'normal'):
        (
            "You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now "
            'holds 10. You capture 10. Game over: you have more than half the stones. You win 85 to '
            '50.'
        ),
    ('winning by majority', 'as White', 'full'):
        (
            "You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now "
            'holds 10. You capture 10. Game over: you have more than half the stones. You win 85 to '
            '50. Changes on your row: pit 7 from 9 to 1, pit 8 from 9 to 10, pit 9 from 9 to 10. '
            "Changes on the computer's row: pit 1 from 9 to 10, pit 2 from 9 to 10, pit 3 from 9 to "
            '10, pit 4 from 9 to 10, pit 5 from 9 to 10, pit 6 from 9 to 0.'
        ),
    ('winning by majority', 'as Black', 'brief'):
        (
            'Their 7 to your 6, now 10, take 10.\nThe computer wins 85 to 50. By majority.'
        ),
    ('winning by majority', 'as Black', 'normal'):
        (
            'The computer sows 9 stones from pit 7; the last stone falls into your pit 6, which now '
            'holds 10. The computer captures 10. Game over: the computer has more than half the '
            'stones. The computer wins 85 to 50.'
        ),
    ('winning by majority', 'as Black', 'full'):
        (
            'The computer sows 9 stones from pit 7; the last stone falls into your pit 6, which now '
            'holds 10. The computer captures 10. Game over: the computer has more than half the '
            'stones. The computer wins 85 to 50. Changes on your row: pit 1 from 9 to 10, pit 2 from '
            '9 to 10, pit 3 from 9 to 10, pit 4 from 9 to 10, pit 5 from 9 to 10, pit 6 from 9 to 0. '
            "Changes on the computer's row: pit 7 from 9 to 1, pit 8 from 9 to 10, pit 9 from 9 to "
            '10.'
        ),
    ('winning by majority', 'two players', 'brief'):
        (
            'Aigerim 7 to Bolat 6, now 10, take 10.\nAigerim wins 85 to 50. By majority.'
        ),
    ('winning by majority', 'two players', 'normal'):
        (
            "Aigerim sows 9 stones from pit 7; the last stone falls into Bolat's pit 6, which now "
            'holds 10. Aigerim captures 10. Game over: Aigerim has more than half the stones. Aigerim'
            ' wins 85 to 50.'
        ),
    ('winning by majority', 'two players', 'full'):
        (
            "Aigerim sows 9 stones from pit 7; the last stone falls into Bolat's pit 6, which now "
            'holds 10. Aigerim captures 10. Game over: Aigerim has more than half the stones. Aigerim'
            " wins 85 to 50. Changes on Aigerim's row: pit 7 from 9 to 1, pit 8 from 9 to 10, pit 9 "
            "from 9 to 10. Changes on Bolat's row: pit 1 from 9 to 10, pit 2 from 9 to 10, pit 3 from"
            ' 9 to 10, pit 4 from 9 to 10, pit 5 from 9 to 10, pit 6 from 9 to 0.'
        ),
    ('ending with no moves', 'as White', 'brief'):
        (
            '1 to your 2, now 1. 5 left to you.\nThe computer wins 80 to 75.\nNo moves left.'
        ),
    ('ending with no moves', 'as White', 'normal'):
        (
            'You sow 2 stones from pit 1; the last stone falls into your pit 2, which now holds 1. '
            'You collect the 5 stones left on your row. Game over: the computer has no move left. The'
            ' computer wins 80 to 75.'
        ),
    ('ending with no moves', 'as White', 'full'):
        (
            'You sow 2 stones from pit 1; the last stone falls into your pit 2, which now holds 1. '
            'You collect the 5 stones left on your row. Game over: the computer has no move left. The'
            ' computer wins 80 to 75. Changes on your row: pit 1 from 2 to 0, pit 5 from 3 to 0.'
        ),
    ('ending with no moves', 'as Black', 'brief'):
        (
            'Their 1 to their 2, now 1.\n5 left to them. You win 80 to 75.\nNo moves left.'
        ),
    ('ending with no moves', 'as Black', 'normal'):
        (
            "The computer sows 2 stones from pit 1; the last stone falls into the computer's pit 2, "
            'which now holds 1. The computer collects the 5 stones left on their row. Game over: you '
            'have no move left. You win 80 to 75.'
        ),
    ('ending with no moves', 'as Black', 'full'):
        (
            "The computer sows 2 stones from pit 1; the last stone falls into the computer's pit 2, "
            'which now holds 1. The computer collects the 5 stones left on their row. Game over: you '
            "have no move left. You win 80 to 75. Changes on the computer's row: pit 1 from 2 to 0, "
            'pit 5 from 3 to 0.'
        ),
    ('ending with no moves', 'two players', 'brief'):
        (
            'Aigerim 1 to Aigerim 2, now 1.\n5 left to Aigerim. Bolat wins 80 to 75.\nNo moves left.'
        ),
    ('ending with no moves', 'two players', 'normal'):
        (
            "Aigerim sows 2 stones from pit 1; the last stone falls into Aigerim's pit 2, which now "
            'holds 1. Aigerim collects the 5 stones left on their row. Game over: Bolat has no move '
            'left. Bolat wins 80 to 75.'
        ),
    ('ending with no moves', 'two players', 'full'):
        (
            "Aigerim sows 2 stones from pit 1; the last stone falls into Aigerim's pit 2, which now "
            'holds 1. Aigerim collects the 5 stones left on their row. Game over: Bolat has no move '
            "left. Bolat wins 80 to 75. Changes on Aigerim's row: pit 1 from 2 to 0, pit 5 from 3 to "
            '0.'
        ),
}

QUERY_SENTENCES: dict[tuple[str, str, str], str] = {
    ('a pit with stones', 'as White', 'brief'):
        'Your 4: 12',
    ('a pit with stones', 'as White', 'normal'):
        'Your pit 4: 12 stones.',
    ('a pit with stones', 'as White', 'full'):
        (
            "Your pit 4: 12 stones. Played, the last lands in the computer's pit 6, captures 6, 1 "
            "stone to your tuzdyk, 1 stone to the computer's tuzdyk."
        ),
    ('a pit with stones', 'as Black', 'brief'):
        'Their 4: 12',
    ('a pit with stones', 'as Black', 'normal'):
        "The computer's pit 4: 12 stones.",
    ('a pit with stones', 'as Black', 'full'):
        (
            "The computer's pit 4: 12 stones. Played, the last lands in your pit 6, captures 6, 1 "
            "stone to your tuzdyk, 1 stone to the computer's tuzdyk."
        ),
    ('a pit with stones', 'two players', 'brief'):
        'Aigerim 4: 12',
    ('a pit with stones', 'two players', 'normal'):
        "Aigerim's pit 4: 12 stones.",
    ('a pit with stones', 'two players', 'full'):
        (
            "Aigerim's pit 4: 12 stones. Played, the last lands in Bolat's pit 6, captures 6, 1 stone"
            " to Aigerim's tuzdyk, 1 stone to Bolat's tuzdyk."
        ),
    ('an empty pit', 'as White', 'brief'):
        'Your 2: 0',
    ('an empty pit', 'as White', 'normal'):
        'Your pit 2: empty.',
    ('an empty pit', 'as White', 'full'):
        'Your pit 2: empty.',
    ('an empty pit', 'as Black', 'brief'):
        'Their 2: 0',
    ('an empty pit', 'as Black', 'normal'):
        "The computer's pit 2: empty.",
    ('an empty pit', 'as Black', 'full'):
        "The computer's pit 2: empty.",
    ('an empty pit', 'two players', 'brief'):
        'Aigerim 2: 0',
    ('an empty pit', 'two players', 'normal'):
        "Aigerim's pit 2: empty.",
    ('an empty pit', 'two players', 'full'):
        "Aigerim's pit 2: empty.",
    ('a pit that is a tuzdyk', 'as White', 'brief'):
        'Their 2: your tuzdyk',
    ('a pit that is a tuzdyk', 'as White', 'normal'):
        "The computer's pit 2 is your tuzdyk.",
    ('a pit that is a tuzdyk', 'as White', 'full'):
        "The computer's pit 2 is your tuzdyk.",
    ('a pit that is a tuzdyk', 'as Black', 'brief'):
        'Your 2: their tuzdyk',
    ('a pit that is a tuzdyk', 'as Black', 'normal'):
        "Your pit 2 is the computer's tuzdyk.",
    ('a pit that is a tuzdyk', 'as Black', 'full'):
        "Your pit 2 is the computer's tuzdyk.",
    ('a pit that is a tuzdyk', 'two players', 'brief'):
        'Bolat 2: Aigerim tuzdyk',
    ('a pit that is a tuzdyk', 'two players', 'normal'):
        "Bolat's pit 2 is Aigerim's tuzdyk.",
    ('a pit that is a tuzdyk', 'two players', 'full'):
        "Bolat's pit 2 is Aigerim's tuzdyk.",
    ("White's row", 'as White', 'brief'):
        'Yours: 1 0 1, 12 1 1, tuzdyk 4 1.',
    ("White's row", 'as White', 'normal'):
        'Your row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1.',
    ("White's row", 'as White', 'full'):
        'Your row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1.',
    ("White's row", 'as Black', 'brief'):
        'Theirs: 1 0 1, 12 1 1, tuzdyk 4 1.',
    ("White's row", 'as Black', 'normal'):
        "The computer's row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1.",
    ("White's row", 'as Black', 'full'):
        "The computer's row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1.",
    ("White's row", 'two players', 'brief'):
        'Aigerim: 1 0 1, 12 1 1, tuzdyk 4 1.',
    ("White's row", 'two players', 'normal'):
        "Aigerim's row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1.",
    ("White's row", 'two players', 'full'):
        "Aigerim's row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1.",
    ('the board', 'as White', 'brief'):
        (
            'Yours: 1 0 1, 12 1 1, tuzdyk 4 1.\nTheirs: 4 tuzdyk 5, 5 5 5, 0 5 5.\n20 to 30. Your turn.'
        ),
    ('the board', 'as White', 'normal'):
        (
            "Your row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1. The computer's: 4 tuzdyk 5, 5 5 5, 0 5 "
            '5. The computer leads 30 to 20. Move 14: your turn.'
        ),
    ('the board', 'as White', 'full'):
        (
            "Your row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1. The computer's: 4 tuzdyk 5, 5 5 5, 0 5 "
            "5. The computer leads 30 to 20. It takes 82 to win. Your tuzdyk is the computer's pit 2."
            " The computer's tuzdyk is your pit 7. Move 14: your turn. You can play pits 1, 3, 4, 5, "
            '6, 8 and 9.'
        ),
    ('the board', 'as Black', 'brief'):
        (
            'Yours: 4 tuzdyk 5, 5 5 5, 0 5 5.\nTheirs: 1 0 1, 12 1 1, tuzdyk 4 1.\n30 to 20. The '
            "computer's turn."
        ),
    ('the board', 'as Black', 'normal'):
        (
            "Your row from pit 1: 4 tuzdyk 5, 5 5 5, 0 5 5. The computer's: 1 0 1, 12 1 1, tuzdyk 4 "
            "1. You lead 30 to 20. Move 14: the computer's turn."
        ),
    ('the board', 'as Black', 'full'):
        (
            "Your row from pit 1: 4 tuzdyk 5, 5 5 5, 0 5 5. The computer's: 1 0 1, 12 1 1, tuzdyk 4 "
            "1. You lead 30 to 20. It takes 82 to win. Your tuzdyk is the computer's pit 7. The "
            "computer's tuzdyk is your pit 2. Move 14: the computer's turn. The computer can play "
            'pits 1, 3, 4, 5, 6, 8 and 9.'
        ),
    ('the board', 'two players', 'brief'):
        (
            "Aigerim: 1 0 1, 12 1 1, tuzdyk 4 1.\nBolat: 4 tuzdyk 5, 5 5 5, 0 5 5.\n20 to 30. Aigerim's"
            ' turn.'
        ),
    ('the board', 'two players', 'normal'):
        (
            "Aigerim's row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1. Bolat's: 4 tuzdyk 5, 5 5 5, 0 5 5. "
            "Bolat leads 30 to 20. Move 14: Aigerim's turn."
        ),
    ('the board', 'two players', 'full'):
        (
            "Aigerim's row from pit 1: 1 0 1, 12 1 1, tuzdyk 4 1. Bolat's: 4 tuzdyk 5, 5 5 5, 0 5 5. "
            "Bolat leads 30 to 20. It takes 82 to win. Aigerim's tuzdyk is Bolat's pit 2. Bolat's "
            "tuzdyk is Aigerim's pit 7. Move 14: Aigerim's turn. Aigerim can play pits 1, 3, 4, 5, 6,"
            ' 8 and 9.'
        ),
    ('the kazans', 'as White', 'brief'):
        '20 to 30.',
    ('the kazans', 'as White', 'normal'):
        'The computer leads 30 to 20.',
    ('the kazans', 'as White', 'full'):
        'The computer leads 30 to 20. It takes 82 to win.',
    ('the kazans', 'as Black', 'brief'):
        '30 to 20.',
    ('the kazans', 'as Black', 'normal'):
        'You lead 30 to 20.',
    ('the kazans', 'as Black', 'full'):
        'You lead 30 to 20. It takes 82 to win.',
    ('the kazans', 'two players', 'brief'):
        '20 to 30.',
    ('the kazans', 'two players', 'normal'):
        'Bolat leads 30 to 20.',
    ('the kazans', 'two players', 'full'):
        'Bolat leads 30 to 20. It takes 82 to win.',
    ('the tuzdyks', 'as White', 'brief'):
        'Tuzdyks: you 2, them 7.',
    ('the tuzdyks', 'as White', 'normal'):
        "Your tuzdyk is the computer's pit 2. The computer's tuzdyk is your pit 7.",
    ('the tuzdyks', 'as White', 'full'):
        "Your tuzdyk is the computer's pit 2. The computer's tuzdyk is your pit 7.",
    ('the tuzdyks', 'as Black', 'brief'):
        'Tuzdyks: you 7, them 2.',
    ('the tuzdyks', 'as Black', 'normal'):
        "Your tuzdyk is the computer's pit 7. The computer's tuzdyk is your pit 2.",
    ('the tuzdyks', 'as Black', 'full'):
        "Your tuzdyk is the computer's pit 7. The computer's tuzdyk is your pit 2.",
    ('the tuzdyks', 'two players', 'brief'):
        'Tuzdyks: Aigerim 2, Bolat 7.',
    ('the tuzdyks', 'two players', 'normal'):
        "Aigerim's tuzdyk is Bolat's pit 2. Bolat's tuzdyk is Aigerim's pit 7.",
    ('the tuzdyks', 'two players', 'full'):
        "Aigerim's tuzdyk is Bolat's pit 2. Bolat's tuzdyk is Aigerim's pit 7.",
    ('no tuzdyks yet', 'as White', 'brief'):
        'Tuzdyks: you none, them none.',
    ('no tuzdyks yet', 'as White', 'normal'):
        'No tuzdyks yet.',
    ('no tuzdyks yet', 'as White', 'full'):
        'No tuzdyks yet.',
    ('no tuzdyks yet', 'as Black', 'brief'):
        'Tuzdyks: you none, them none.',
    ('no tuzdyks yet', 'as Black', 'normal'):
        'No tuzdyks yet.',
    ('no tuzdyks yet', 'as Black', 'full'):
        'No tuzdyks yet.',
    ('no tuzdyks yet', 'two players', 'brief'):
        'Tuzdyks: Aigerim none, Bolat none.',
    ('no tuzdyks yet', 'two players', 'normal'):
        'No tuzdyks yet.',
    ('no tuzdyks yet', 'two players', 'full'):
        'No tuzdyks yet.',
    ('a game without tuzdyks', 'as White', 'brief'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'as White', 'normal'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'as White', 'full'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'as Black', 'brief'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'as Black', 'normal'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'as Black', 'full'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'two players', 'brief'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'two players', 'normal'):
        'This game has no tuzdyks.',
    ('a game without tuzdyks', 'two players', 'full'):
        'This game has no tuzdyks.',
    ('whose turn', 'as White', 'brief'):
        'Your turn.',
    ('whose turn', 'as White', 'normal'):
        'Move 14: your turn.',
    ('whose turn', 'as White', 'full'):
        'Move 14: your turn. You can play pits 1, 3, 4, 5, 6, 8 and 9.',
    ('whose turn', 'as Black', 'brief'):
        "The computer's turn.",
    ('whose turn', 'as Black', 'normal'):
        "Move 14: the computer's turn.",
    ('whose turn', 'as Black', 'full'):
        "Move 14: the computer's turn. The computer can play pits 1, 3, 4, 5, 6, 8 and 9.",
    ('whose turn', 'two players', 'brief'):
        "Aigerim's turn.",
    ('whose turn', 'two players', 'normal'):
        "Move 14: Aigerim's turn.",
    ('whose turn', 'two players', 'full'):
        "Move 14: Aigerim's turn. Aigerim can play pits 1, 3, 4, 5, 6, 8 and 9.",
    ('the legal moves', 'as White', 'brief'):
        'Moves: 1, 3, 4, 5, 6, 8, 9.',
    ('the legal moves', 'as White', 'normal'):
        'You can play pits 1, 3, 4, 5, 6, 8 and 9.',
    ('the legal moves', 'as White', 'full'):
        'You can play pits 1, 3, 4, 5, 6, 8 and 9.',
    ('the legal moves', 'as Black', 'brief'):
        'Moves: 1, 3, 4, 5, 6, 8, 9.',
    ('the legal moves', 'as Black', 'normal'):
        'The computer can play pits 1, 3, 4, 5, 6, 8 and 9.',
    ('the legal moves', 'as Black', 'full'):
        'The computer can play pits 1, 3, 4, 5, 6, 8 and 9.',
    ('the legal moves', 'two players', 'brief'):
        'Moves: 1, 3, 4, 5, 6, 8, 9.',
    ('the legal moves', 'two players', 'normal'):
        'Aigerim can play pits 1, 3, 4, 5, 6, 8 and 9.',
    ('the legal moves', 'two players', 'full'):
        'Aigerim can play pits 1, 3, 4, 5, 6, 8 and 9.',
    ('one legal move', 'as White', 'brief'):
        'Moves: 4.',
    ('one legal move', 'as White', 'normal'):
        'You can play only pit 4.',
    ('one legal move', 'as White', 'full'):
        'You can play only pit 4.',
    ('one legal move', 'as Black', 'brief'):
        'Moves: 4.',
    ('one legal move', 'as Black', 'normal'):
        'The computer can play only pit 4.',
    ('one legal move', 'as Black', 'full'):
        'The computer can play only pit 4.',
    ('one legal move', 'two players', 'brief'):
        'Moves: 4.',
    ('one legal move', 'two players', 'normal'):
        'Aigerim can play only pit 4.',
    ('one legal move', 'two players', 'full'):
        'Aigerim can play only pit 4.',
    ('no legal move', 'as White', 'brief'):
        'No moves.',
    ('no legal move', 'as White', 'normal'):
        'You have no move.',
    ('no legal move', 'as White', 'full'):
        'You have no move.',
    ('no legal move', 'as Black', 'brief'):
        'No moves.',
    ('no legal move', 'as Black', 'normal'):
        'The computer has no move.',
    ('no legal move', 'as Black', 'full'):
        'The computer has no move.',
    ('no legal move', 'two players', 'brief'):
        'No moves.',
    ('no legal move', 'two players', 'normal'):
        'Aigerim has no move.',
    ('no legal move', 'two players', 'full'):
        'Aigerim has no move.',
    ('no last move', 'as White', 'brief'):
        'No move yet.',
    ('no last move', 'as White', 'normal'):
        'No move yet.',
    ('no last move', 'as White', 'full'):
        'No move yet.',
    ('no last move', 'as Black', 'brief'):
        'No move yet.',
    ('no last move', 'as Black', 'normal'):
        'No move yet.',
    ('no last move', 'as Black', 'full'):
        'No move yet.',
    ('no last move', 'two players', 'brief'):
        'No move yet.',
    ('no last move', 'two players', 'normal'):
        'No move yet.',
    ('no last move', 'two players', 'full'):
        'No move yet.',
    ('the last move', 'as White', 'brief'):
        '8 to their 8, now 11. 10 to 10.',
    ('the last move', 'as White', 'normal'):
        (
            "Last move: you sow 10 stones from pit 8; the last stone falls into the computer's pit 8,"
            ' which now holds 11. Tied at 10.'
        ),
    ('the last move', 'as White', 'full'):
        (
            "Last move: you sow 10 stones from pit 8; the last stone falls into the computer's pit 8,"
            ' which now holds 11. Tied at 10. Changes on your row: pit 8 from 10 to 1, pit 9 from 10 '
            "to 11. Changes on the computer's row: pit 1 from 10 to 11, pit 2 from 10 to 11, pit 3 "
            'from 1 to 2, pit 4 from 11 to 12, pit 5 from 11 to 12, pit 6 from 1 to 2, pit 7 from 10 '
            'to 11, pit 8 from 10 to 11.'
        ),
    ('the last move', 'as Black', 'brief'):
        'Their 8 to your 8, now 11. 10 to 10.',
    ('the last move', 'as Black', 'normal'):
        (
            'Last move: the computer sows 10 stones from pit 8; the last stone falls into your pit 8,'
            ' which now holds 11. Tied at 10.'
        ),
    ('the last move', 'as Black', 'full'):
        (
            'Last move: the computer sows 10 stones from pit 8; the last stone falls into your pit 8,'
            ' which now holds 11. Tied at 10. Changes on your row: pit 1 from 10 to 11, pit 2 from 10'
            ' to 11, pit 3 from 1 to 2, pit 4 from 11 to 12, pit 5 from 11 to 12, pit 6 from 1 to 2, '
            "pit 7 from 10 to 11, pit 8 from 10 to 11. Changes on the computer's row: pit 8 from 10 "
            'to 1, pit 9 from 10 to 11.'
        ),
    ('the last move', 'two players', 'brief'):
        'Aigerim 8 to Bolat 8, now 11. 10 to 10.',
    ('the last move', 'two players', 'normal'):
        (
            "Last move: Aigerim sows 10 stones from pit 8; the last stone falls into Bolat's pit 8, "
            'which now holds 11. Tied at 10.'
        ),
    ('the last move', 'two players', 'full'):
        (
            "Last move: Aigerim sows 10 stones from pit 8; the last stone falls into Bolat's pit 8, "
            "which now holds 11. Tied at 10. Changes on Aigerim's row: pit 8 from 10 to 1, pit 9 from"
            " 10 to 11. Changes on Bolat's row: pit 1 from 10 to 11, pit 2 from 10 to 11, pit 3 from "
            '1 to 2, pit 4 from 11 to 12, pit 5 from 11 to 12, pit 6 from 1 to 2, pit 7 from 10 to '
            '11, pit 8 from 10 to 11.'
        ),
    ('preview landing on the own row', 'as White', 'brief'):
        '1 goes to your 2, makes 1.',
    ('preview landing on the own row', 'as White', 'normal'):
        'Pit 1: 1 stone, the last lands in your pit 2, no capture.',
    ('preview landing on the own row', 'as White', 'full'):
        'Pit 1: 1 stone, the last lands in your pit 2, no capture.',
    ('preview landing on the own row', 'as Black', 'brief'):
        '1 goes to their 2, makes 1.',
    ('preview landing on the own row', 'as Black', 'normal'):
        "Pit 1: 1 stone, the last lands in the computer's pit 2, no capture.",
    ('preview landing on the own row', 'as Black', 'full'):
        "Pit 1: 1 stone, the last lands in the computer's pit 2, no capture.",
    ('preview landing on the own row', 'two players', 'brief'):
        '1 goes to Aigerim 2, makes 1.',
    ('preview landing on the own row', 'two players', 'normal'):
        "Pit 1: 1 stone, the last lands in Aigerim's pit 2, no capture.",
    ('preview landing on the own row', 'two players', 'full'):
        "Pit 1: 1 stone, the last lands in Aigerim's pit 2, no capture.",
    ('preview of a capture with tuzdyk income', 'as White', 'brief'):
        '4 goes to their 6, makes 6, takes 6.',
    ('preview of a capture with tuzdyk income', 'as White', 'normal'):
        (
            "Pit 4: 12 stones, the last lands in the computer's pit 6, captures 6, 1 stone to your "
            "tuzdyk, 1 stone to the computer's tuzdyk."
        ),
    ('preview of a capture with tuzdyk income', 'as White', 'full'):
        (
            "Pit 4: 12 stones, the last lands in the computer's pit 6, captures 6, 1 stone to your "
            "tuzdyk, 1 stone to the computer's tuzdyk."
        ),
    ('preview of a capture with tuzdyk income', 'as Black', 'brief'):
        '4 goes to your 6, makes 6, takes 6.',
    ('preview of a capture with tuzdyk income', 'as Black', 'normal'):
        (
            'Pit 4: 12 stones, the last lands in your pit 6, captures 6, 1 stone to your tuzdyk, 1 '
            "stone to the computer's tuzdyk."
        ),
    ('preview of a capture with tuzdyk income', 'as Black', 'full'):
        (
            'Pit 4: 12 stones, the last lands in your pit 6, captures 6, 1 stone to your tuzdyk, 1 '
            "stone to the computer's tuzdyk."
        ),
    ('preview of a capture with tuzdyk income', 'two players', 'brief'):
        '4 goes to Bolat 6, makes 6, takes 6.',
    ('preview of a capture with tuzdyk income', 'two players', 'normal'):
        (
            "Pit 4: 12 stones, the last lands in Bolat's pit 6, captures 6, 1 stone to Aigerim's "
            "tuzdyk, 1 stone to Bolat's tuzdyk."
        ),
    ('preview of a capture with tuzdyk income', 'two players', 'full'):
        (
            "Pit 4: 12 stones, the last lands in Bolat's pit 6, captures 6, 1 stone to Aigerim's "
            "tuzdyk, 1 stone to Bolat's tuzdyk."
        ),
    ('preview of an odd count', 'as White', 'brief'):
        '9 goes to their 1, makes 5.',
    ('preview of an odd count', 'as White', 'normal'):
        "Pit 9: 1 stone, the last lands in the computer's pit 1, making 5, no capture.",
    ('preview of an odd count', 'as White', 'full'):
        "Pit 9: 1 stone, the last lands in the computer's pit 1, making 5, no capture.",
    ('preview of an odd count', 'as Black', 'brief'):
        '9 goes to your 1, makes 5.',
    ('preview of an odd count', 'as Black', 'normal'):
        'Pit 9: 1 stone, the last lands in your pit 1, making 5, no capture.',
    ('preview of an odd count', 'as Black', 'full'):
        'Pit 9: 1 stone, the last lands in your pit 1, making 5, no capture.',
    ('preview of an odd count', 'two players', 'brief'):
        '9 goes to Bolat 1, makes 5.',
    ('preview of an odd count', 'two players', 'normal'):
        "Pit 9: 1 stone, the last lands in Bolat's pit 1, making 5, no capture.",
    ('preview of an odd count', 'two players', 'full'):
        "Pit 9: 1 stone, the last lands in Bolat's pit 1, making 5, no capture.",
    ("preview of the opponent's tuzdyk", 'as White', 'brief'):
        '7: their tuzdyk.',
    ("preview of the opponent's tuzdyk", 'as White', 'normal'):
        "Pit 7 is the computer's tuzdyk.",
    ("preview of the opponent's tuzdyk", 'as White', 'full'):
        "Pit 7 is the computer's tuzdyk.",
    ("preview of the opponent's tuzdyk", 'as Black', 'brief'):
        '7: your tuzdyk.',
    ("preview of the opponent's tuzdyk", 'as Black', 'normal'):
        'Pit 7 is your tuzdyk.',
    ("preview of the opponent's tuzdyk", 'as Black', 'full'):
        'Pit 7 is your tuzdyk.',
    ("preview of the opponent's tuzdyk", 'two players', 'brief'):
        '7: Bolat tuzdyk.',
    ("preview of the opponent's tuzdyk", 'two players', 'normal'):
        "Pit 7 is Bolat's tuzdyk.",
    ("preview of the opponent's tuzdyk", 'two players', 'full'):
        "Pit 7 is Bolat's tuzdyk.",
    ('preview of an empty pit', 'as White', 'brief'):
        '2: empty.',
    ('preview of an empty pit', 'as White', 'normal'):
        'Pit 2: empty.',
    ('preview of an empty pit', 'as White', 'full'):
        'Pit 2: empty.',
    ('preview of an empty pit', 'as Black', 'brief'):
        '2: empty.',
    ('preview of an empty pit', 'as Black', 'normal'):
        'Pit 2: empty.',
    ('preview of an empty pit', 'as Black', 'full'):
        'Pit 2: empty.',
    ('preview of an empty pit', 'two players', 'brief'):
        '2: empty.',
    ('preview of an empty pit', 'two players', 'normal'):
        'Pit 2: empty.',
    ('preview of an empty pit', 'two players', 'full'):
        'Pit 2: empty.',
    ('preview of a pit that does not exist', 'as White', 'brief'):
        'No pit 0, choose 1 to 9.',
    ('preview of a pit that does not exist', 'as White', 'normal'):
        'Pit 0 does not exist: choose 1 to 9.',
    ('preview of a pit that does not exist', 'as White', 'full'):
        'Pit 0 does not exist: choose 1 to 9.',
    ('preview of a pit that does not exist', 'as Black', 'brief'):
        'No pit 0, choose 1 to 9.',
    ('preview of a pit that does not exist', 'as Black', 'normal'):
        'Pit 0 does not exist: choose 1 to 9.',
    ('preview of a pit that does not exist', 'as Black', 'full'):
        'Pit 0 does not exist: choose 1 to 9.',
    ('preview of a pit that does not exist', 'two players', 'brief'):
        'No pit 0, choose 1 to 9.',
    ('preview of a pit that does not exist', 'two players', 'normal'):
        'Pit 0 does not exist: choose 1 to 9.',
    ('preview of a pit that does not exist', 'two players', 'full'):
        'Pit 0 does not exist: choose 1 to 9.',
    ('preview landing in a tuzdyk', 'as White', 'brief'):
        '8 goes into your tuzdyk.',
    ('preview landing in a tuzdyk', 'as White', 'normal'):
        'Pit 8: 4 stones, the last lands in your tuzdyk, no capture, 1 stone to your tuzdyk.',
    ('preview landing in a tuzdyk', 'as White', 'full'):
        'Pit 8: 4 stones, the last lands in your tuzdyk, no capture, 1 stone to your tuzdyk.',
    ('preview landing in a tuzdyk', 'as Black', 'brief'):
        '8 goes into their tuzdyk.',
    ('preview landing in a tuzdyk', 'as Black', 'normal'):
        (
            "Pit 8: 4 stones, the last lands in the computer's tuzdyk, no capture, 1 stone to the "
            "computer's tuzdyk."
        ),
    ('preview landing in a tuzdyk', 'as Black', 'full'):
        (
            "Pit 8: 4 stones, the last lands in the computer's tuzdyk, no capture, 1 stone to the "
            "computer's tuzdyk."
        ),
    ('preview landing in a tuzdyk', 'two players', 'brief'):
        '8 goes into Aigerim tuzdyk.',
    ('preview landing in a tuzdyk', 'two players', 'normal'):
        "Pit 8: 4 stones, the last lands in Aigerim's tuzdyk, no capture, 1 stone to Aigerim's tuzdyk.",
    ('preview landing in a tuzdyk', 'two players', 'full'):
        "Pit 8: 4 stones, the last lands in Aigerim's tuzdyk, no capture, 1 stone to Aigerim's tuzdyk.",
    ('preview making a tuzdyk', 'as White', 'brief'):
        '8 goes to their 2, makes 3, tuzdyk.',
    ('preview making a tuzdyk', 'as White', 'normal'):
        "Pit 8: 4 stones, the last lands in the computer's pit 2, makes a tuzdyk.",
    ('preview making a tuzdyk', 'as White', 'full'):
        "Pit 8: 4 stones, the last lands in the computer's pit 2, makes a tuzdyk.",
    ('preview making a tuzdyk', 'as Black', 'brief'):
        '8 goes to your 2, makes 3, tuzdyk.',
    ('preview making a tuzdyk', 'as Black', 'normal'):
        'Pit 8: 4 stones, the last lands in your pit 2, makes a tuzdyk.',
    ('preview making a tuzdyk', 'as Black', 'full'):
        'Pit 8: 4 stones, the last lands in your pit 2, makes a tuzdyk.',
    ('preview making a tuzdyk', 'two players', 'brief'):
        '8 goes to Bolat 2, makes 3, tuzdyk.',
    ('preview making a tuzdyk', 'two players', 'normal'):
        "Pit 8: 4 stones, the last lands in Bolat's pit 2, makes a tuzdyk.",
    ('preview making a tuzdyk', 'two players', 'full'):
        "Pit 8: 4 stones, the last lands in Bolat's pit 2, makes a tuzdyk.",
    ('an empty pit played', 'as White', 'brief'):
        'Pit 2 empty.',
    ('an empty pit played', 'as White', 'normal'):
        'Your pit 2 is empty.',
    ('an empty pit played', 'as White', 'full'):
        'Your pit 2 is empty.',
    ('an empty pit played', 'as Black', 'brief'):
        'Pit 2 empty.',
    ('an empty pit played', 'as Black', 'normal'):
        "The computer's pit 2 is empty.",
    ('an empty pit played', 'as Black', 'full'):
        "The computer's pit 2 is empty.",
    ('an empty pit played', 'two players', 'brief'):
        'Pit 2 empty.',
    ('an empty pit played', 'two players', 'normal'):
        "Aigerim's pit 2 is empty.",
    ('an empty pit played', 'two players', 'full'):
        "Aigerim's pit 2 is empty.",
    ("the opponent's tuzdyk played", 'as White', 'brief'):
        'Pit 7 empty.',
    ("the opponent's tuzdyk played", 'as White', 'normal'):
        "Your pit 7 is empty: it is the computer's tuzdyk.",
    ("the opponent's tuzdyk played", 'as White', 'full'):
        "Your pit 7 is empty: it is the computer's tuzdyk.",
    ("the opponent's tuzdyk played", 'as Black', 'brief'):
        'Pit 7 empty.',
    ("the opponent's tuzdyk played", 'as Black', 'normal'):
        "The computer's pit 7 is empty: it is your tuzdyk.",
    ("the opponent's tuzdyk played", 'as Black', 'full'):
        "The computer's pit 7 is empty: it is your tuzdyk.",
    ("the opponent's tuzdyk played", 'two players', 'brief'):
        'Pit 7 empty.',
    ("the opponent's tuzdyk played", 'two players', 'normal'):
        "Aigerim's pit 7 is empty: it is Bolat's tuzdyk.",
    ("the opponent's tuzdyk played", 'two players', 'full'):
        "Aigerim's pit 7 is empty: it is Bolat's tuzdyk.",
    ('a pit off the row', 'as White', 'brief'):
        'No pit 10, choose 1 to 9.',
    ('a pit off the row', 'as White', 'normal'):
        'Pit 10 does not exist: choose 1 to 9.',
    ('a pit off the row', 'as White', 'full'):
        'Pit 10 does not exist: choose 1 to 9.',
    ('a pit off the row', 'as Black', 'brief'):
        'No pit 10, choose 1 to 9.',
    ('a pit off the row', 'as Black', 'normal'):
        'Pit 10 does not exist: choose 1 to 9.',
    ('a pit off the row', 'as Black', 'full'):
        'Pit 10 does not exist: choose 1 to 9.',
    ('a pit off the row', 'two players', 'brief'):
        'No pit 10, choose 1 to 9.',
    ('a pit off the row', 'two players', 'normal'):
        'Pit 10 does not exist: choose 1 to 9.',
    ('a pit off the row', 'two players', 'full'):
        'Pit 10 does not exist: choose 1 to 9.',
    ('a move after the end', 'as White', 'brief'):
        'Game over.',
    ('a move after the end', 'as White', 'normal'):
        'The game is over.',
    ('a move after the end', 'as White', 'full'):
        'The game is over.',
    ('a move after the end', 'as Black', 'brief'):
        'Game over.',
    ('a move after the end', 'as Black', 'normal'):
        'The game is over.',
    ('a move after the end', 'as Black', 'full'):
        'The game is over.',
    ('a move after the end', 'two players', 'brief'):
        'Game over.',
    ('a move after the end', 'two players', 'normal'):
        'The game is over.',
    ('a move after the end', 'two players', 'full'):
        'The game is over.',
    ('an unknown command', 'as White', 'brief'):
        'Unknown: foo. Type help.',
    ('an unknown command', 'as White', 'normal'):
        'Unknown command: foo; type help.',
    ('an unknown command', 'as White', 'full'):
        'Unknown command: foo; type help.',
    ('an unknown command', 'as Black', 'brief'):
        'Unknown: foo. Type help.',
    ('an unknown command', 'as Black', 'normal'):
        'Unknown command: foo; type help.',
    ('an unknown command', 'as Black', 'full'):
        'Unknown command: foo; type help.',
    ('an unknown command', 'two players', 'brief'):
        'Unknown: foo. Type help.',
    ('an unknown command', 'two players', 'normal'):
        'Unknown command: foo; type help.',
    ('an unknown command', 'two players', 'full'):
        'Unknown command: foo; type help.',
    ('the history', 'as White', 'brief'):
        '1. 76 33. 2. 88.',
    ('the history', 'as White', 'normal'):
        'Moves so far. 1: pit 7 to 6, then pit 3 to 3. 2: pit 8 to 8.',
    ('the history', 'as White', 'full'):
        'Moves so far. 1: pit 7 to 6, then pit 3 to 3. 2: pit 8 to 8.',
    ('the history', 'as Black', 'brief'):
        '1. 76 33. 2. 88.',
    ('the history', 'as Black', 'normal'):
        'Moves so far. 1: pit 7 to 6, then pit 3 to 3. 2: pit 8 to 8.',
    ('the history', 'as Black', 'full'):
        'Moves so far. 1: pit 7 to 6, then pit 3 to 3. 2: pit 8 to 8.',
    ('the history', 'two players', 'brief'):
        '1. 76 33. 2. 88.',
    ('the history', 'two players', 'normal'):
        'Moves so far. 1: pit 7 to 6, then pit 3 to 3. 2: pit 8 to 8.',
    ('the history', 'two players', 'full'):
        'Moves so far. 1: pit 7 to 6, then pit 3 to 3. 2: pit 8 to 8.',
    ('an empty history', 'as White', 'brief'):
        'No moves yet.',
    ('an empty history', 'as White', 'normal'):
        'No moves yet.',
    ('an empty history', 'as White', 'full'):
        'No moves yet.',
    ('an empty history', 'as Black', 'brief'):
        'No moves yet.',
    ('an empty history', 'as Black', 'normal'):
        'No moves yet.',
    ('an empty history', 'as Black', 'full'):
        'No moves yet.',
    ('an empty history', 'two players', 'brief'):
        'No moves yet.',
    ('an empty history', 'two players', 'normal'):
        'No moves yet.',
    ('an empty history', 'two players', 'full'):
        'No moves yet.',
    ('the end by majority', 'as White', 'brief'):
        'You win 82 to 40. By majority.',
    ('the end by majority', 'as White', 'normal'):
        'Game over: you have more than half the stones. You win 82 to 40.',
    ('the end by majority', 'as White', 'full'):
        'Game over: you have more than half the stones. You win 82 to 40.',
    ('the end by majority', 'as Black', 'brief'):
        'The computer wins 82 to 40. By majority.',
    ('the end by majority', 'as Black', 'normal'):
        'Game over: the computer has more than half the stones. The computer wins 82 to 40.',
    ('the end by majority', 'as Black', 'full'):
        'Game over: the computer has more than half the stones. The computer wins 82 to 40.',
    ('the end by majority', 'two players', 'brief'):
        'Aigerim wins 82 to 40. By majority.',
    ('the end by majority', 'two players', 'normal'):
        'Game over: Aigerim has more than half the stones. Aigerim wins 82 to 40.',
    ('the end by majority', 'two players', 'full'):
        'Game over: Aigerim has more than half the stones. Aigerim wins 82 to 40.',
    ('the end with no moves', 'as White', 'brief'):
        (
            'The computer wins 92 to 70.\nNo moves left.'
        ),
    ('the end with no moves', 'as White', 'normal'):
        'Game over: no moves are left. The computer wins 92 to 70.',
    ('the end with no moves', 'as White', 'full'):
        'Game over: no moves are left. The computer wins 92 to 70.',
    ('the end with no moves', 'as Black', 'brief'):
        'You win 92 to 70. No moves left.',
    ('the end with no moves', 'as Black', 'normal'):
        'Game over: no moves are left. You win 92 to 70.',
    ('the end with no moves', 'as Black', 'full'):
        'Game over: no moves are left. You win 92 to 70.',
    ('the end with no moves', 'two players', 'brief'):
        'Bolat wins 92 to 70. No moves left.',
    ('the end with no moves', 'two players', 'normal'):
        'Game over: no moves are left. Bolat wins 92 to 70.',
    ('the end with no moves', 'two players', 'full'):
        'Game over: no moves are left. Bolat wins 92 to 70.',
    ('a draw', 'as White', 'brief'):
        'Draw 81 to 81. No moves left.',
    ('a draw', 'as White', 'normal'):
        'Game over: no moves are left. It is a draw, 81 to 81.',
    ('a draw', 'as White', 'full'):
        'Game over: no moves are left. It is a draw, 81 to 81.',
    ('a draw', 'as Black', 'brief'):
        'Draw 81 to 81. No moves left.',
    ('a draw', 'as Black', 'normal'):
        'Game over: no moves are left. It is a draw, 81 to 81.',
    ('a draw', 'as Black', 'full'):
        'Game over: no moves are left. It is a draw, 81 to 81.',
    ('a draw', 'two players', 'brief'):
        'Draw 81 to 81. No moves left.',
    ('a draw', 'two players', 'normal'):
        'Game over: no moves are left. It is a draw, 81 to 81.',
    ('a draw', 'two players', 'full'):
        'Game over: no moves are left. It is a draw, 81 to 81.',
    ('the end by resignation', 'as White', 'brief'):
        (
            'The computer wins 30 to 50.\nBy resignation.'
        ),
    ('the end by resignation', 'as White', 'normal'):
        'Game over: you resign. The computer wins, though you lead 50 to 30.',
    ('the end by resignation', 'as White', 'full'):
        'Game over: you resign. The computer wins, though you lead 50 to 30.',
    ('the end by resignation', 'as Black', 'brief'):
        'You win 30 to 50. By resignation.',
    ('the end by resignation', 'as Black', 'normal'):
        'Game over: the computer resigns. You win, though the computer leads 50 to 30.',
    ('the end by resignation', 'as Black', 'full'):
        'Game over: the computer resigns. You win, though the computer leads 50 to 30.',
    ('the end by resignation', 'two players', 'brief'):
        'Bolat wins 30 to 50. By resignation.',
    ('the end by resignation', 'two players', 'normal'):
        'Game over: Aigerim resigns. Bolat wins, though Aigerim leads 50 to 30.',
    ('the end by resignation', 'two players', 'full'):
        'Game over: Aigerim resigns. Bolat wins, though Aigerim leads 50 to 30.',
    ('a draw by agreement', 'as White', 'brief'):
        'Draw 60 to 62. By agreement.',
    ('a draw by agreement', 'as White', 'normal'):
        'Game over: the players agree to a draw. It is a draw, 60 to 62.',
    ('a draw by agreement', 'as White', 'full'):
        'Game over: the players agree to a draw. It is a draw, 60 to 62.',
    ('a draw by agreement', 'as Black', 'brief'):
        'Draw 62 to 60. By agreement.',
    ('a draw by agreement', 'as Black', 'normal'):
        'Game over: the players agree to a draw. It is a draw, 62 to 60.',
    ('a draw by agreement', 'as Black', 'full'):
        'Game over: the players agree to a draw. It is a draw, 62 to 60.',
    ('a draw by agreement', 'two players', 'brief'):
        'Draw 60 to 62. By agreement.',
    ('a draw by agreement', 'two players', 'normal'):
        'Game over: the players agree to a draw. It is a draw, 60 to 62.',
    ('a draw by agreement', 'two players', 'full'):
        'Game over: the players agree to a draw. It is a draw, 60 to 62.',
    ('the end on time', 'as White', 'brief'):
        'You win 70 to 60. On time.',
    ('the end on time', 'as White', 'normal'):
        'Game over: time is up. You win 70 to 60.',
    ('the end on time', 'as White', 'full'):
        'Game over: time is up. You win 70 to 60.',
    ('the end on time', 'as Black', 'brief'):
        'The computer wins 70 to 60. On time.',
    ('the end on time', 'as Black', 'normal'):
        'Game over: time is up. The computer wins 70 to 60.',
    ('the end on time', 'as Black', 'full'):
        'Game over: time is up. The computer wins 70 to 60.',
    ('the end on time', 'two players', 'brief'):
        'Aigerim wins 70 to 60. On time.',
    ('the end on time', 'two players', 'normal'):
        'Game over: time is up. Aigerim wins 70 to 60.',
    ('the end on time', 'two players', 'full'):
        'Game over: time is up. Aigerim wins 70 to 60.',
    ('the turn after the end', 'as White', 'brief'):
        'You win 20 to 30. By resignation.',
    ('the turn after the end', 'as White', 'normal'):
        'Game over: the computer resigns. You win, though the computer leads 30 to 20.',
    ('the turn after the end', 'as White', 'full'):
        'Game over: the computer resigns. You win, though the computer leads 30 to 20.',
    ('the turn after the end', 'as Black', 'brief'):
        (
            'The computer wins 20 to 30.\nBy resignation.'
        ),
    ('the turn after the end', 'as Black', 'normal'):
        'Game over: you resign. The computer wins, though you lead 30 to 20.',
    ('the turn after the end', 'as Black', 'full'):
        'Game over: you resign. The computer wins, though you lead 30 to 20.',
    ('the turn after the end', 'two players', 'brief'):
        'Aigerim wins 20 to 30. By resignation.',
    ('the turn after the end', 'two players', 'normal'):
        'Game over: Bolat resigns. Aigerim wins, though Bolat leads 30 to 20.',
    ('the turn after the end', 'two players', 'full'):
        'Game over: Bolat resigns. Aigerim wins, though Bolat leads 30 to 20.',
    ('the compact board', 'as White', 'brief'):
        'Yours: 1 0 1 12, two 1s, tuzdyk 4 1. Theirs: 4 tuzdyk, four 5s, 0, two 5s. 20 to 30.',
    ('the compact board', 'as White', 'normal'):
        'Yours: 1 0 1 12, two 1s, tuzdyk 4 1. Theirs: 4 tuzdyk, four 5s, 0, two 5s. 20 to 30.',
    ('the compact board', 'as White', 'full'):
        'Yours: 1 0 1 12, two 1s, tuzdyk 4 1. Theirs: 4 tuzdyk, four 5s, 0, two 5s. 20 to 30.',
    ('the compact board', 'as Black', 'brief'):
        'Yours: 4 tuzdyk, four 5s, 0, two 5s. Theirs: 1 0 1 12, two 1s, tuzdyk 4 1. 30 to 20.',
    ('the compact board', 'as Black', 'normal'):
        'Yours: 4 tuzdyk, four 5s, 0, two 5s. Theirs: 1 0 1 12, two 1s, tuzdyk 4 1. 30 to 20.',
    ('the compact board', 'as Black', 'full'):
        'Yours: 4 tuzdyk, four 5s, 0, two 5s. Theirs: 1 0 1 12, two 1s, tuzdyk 4 1. 30 to 20.',
    ('the compact board', 'two players', 'brief'):
        'Aigerim: 1 0 1 12, two 1s, tuzdyk 4 1. Bolat: 4 tuzdyk, four 5s, 0, two 5s. 20 to 30.',
    ('the compact board', 'two players', 'normal'):
        'Aigerim: 1 0 1 12, two 1s, tuzdyk 4 1. Bolat: 4 tuzdyk, four 5s, 0, two 5s. 20 to 30.',
    ('the compact board', 'two players', 'full'):
        'Aigerim: 1 0 1 12, two 1s, tuzdyk 4 1. Bolat: 4 tuzdyk, four 5s, 0, two 5s. 20 to 30.',
    ('the compact start', 'as White', 'brief'):
        'Yours: nine 9s. Theirs: nine 9s. 0 to 0.',
    ('the compact start', 'as White', 'normal'):
        'Yours: nine 9s. Theirs: nine 9s. 0 to 0.',
    ('the compact start', 'as White', 'full'):
        'Yours: nine 9s. Theirs: nine 9s. 0 to 0.',
    ('the compact start', 'as Black', 'brief'):
        'Yours: nine 9s. Theirs: nine 9s. 0 to 0.',
    ('the compact start', 'as Black', 'normal'):
        'Yours: nine 9s. Theirs: nine 9s. 0 to 0.',
    ('the compact start', 'as Black', 'full'):
        'Yours: nine 9s. Theirs: nine 9s. 0 to 0.',
    ('the compact start', 'two players', 'brief'):
        'Aigerim: nine 9s. Bolat: nine 9s. 0 to 0.',
    ('the compact start', 'two players', 'normal'):
        'Aigerim: nine 9s. Bolat: nine 9s. 0 to 0.',
    ('the compact start', 'two players', 'full'):
        'Aigerim: nine 9s. Bolat: nine 9s. 0 to 0.',
    ("Black's threats", 'as White', 'brief'):
        'Threats: 6 takes 2, 8 takes 2.',
    ("Black's threats", 'as White', 'normal'):
        "The computer's threats: pit 6 takes 2 from your pit 1; pit 8 takes 2 from your pit 3.",
    ("Black's threats", 'as White', 'full'):
        "The computer's threats: pit 6 takes 2 from your pit 1; pit 8 takes 2 from your pit 3.",
    ("Black's threats", 'as Black', 'brief'):
        'Threats: 6 takes 2, 8 takes 2.',
    ("Black's threats", 'as Black', 'normal'):
        "Your threats: pit 6 takes 2 from the computer's pit 1; pit 8 takes 2 from the computer's pit 3.",
    ("Black's threats", 'as Black', 'full'):
        "Your threats: pit 6 takes 2 from the computer's pit 1; pit 8 takes 2 from the computer's pit 3.",
    ("Black's threats", 'two players', 'brief'):
        'Threats: 6 takes 2, 8 takes 2.',
    ("Black's threats", 'two players', 'normal'):
        "Bolat's threats: pit 6 takes 2 from Aigerim's pit 1; pit 8 takes 2 from Aigerim's pit 3.",
    ("Black's threats", 'two players', 'full'):
        "Bolat's threats: pit 6 takes 2 from Aigerim's pit 1; pit 8 takes 2 from Aigerim's pit 3.",
    ("White's chances", 'as White', 'brief'):
        'Chances: 4 takes 6.',
    ("White's chances", 'as White', 'normal'):
        "Your chances: pit 4 takes 6 from the computer's pit 6.",
    ("White's chances", 'as White', 'full'):
        "Your chances: pit 4 takes 6 from the computer's pit 6.",
    ("White's chances", 'as Black', 'brief'):
        'Chances: 4 takes 6.',
    ("White's chances", 'as Black', 'normal'):
        "The computer's chances: pit 4 takes 6 from your pit 6.",
    ("White's chances", 'as Black', 'full'):
        "The computer's chances: pit 4 takes 6 from your pit 6.",
    ("White's chances", 'two players', 'brief'):
        'Chances: 4 takes 6.',
    ("White's chances", 'two players', 'normal'):
        "Aigerim's chances: pit 4 takes 6 from Bolat's pit 6.",
    ("White's chances", 'two players', 'full'):
        "Aigerim's chances: pit 4 takes 6 from Bolat's pit 6.",
    ('no chances', 'as White', 'brief'):
        'Chances: none.',
    ('no chances', 'as White', 'normal'):
        "None of the computer's moves takes anything now.",
    ('no chances', 'as White', 'full'):
        "None of the computer's moves takes anything now.",
    ('no chances', 'as Black', 'brief'):
        'Chances: none.',
    ('no chances', 'as Black', 'normal'):
        'None of your moves takes anything now.',
    ('no chances', 'as Black', 'full'):
        'None of your moves takes anything now.',
    ('no chances', 'two players', 'brief'):
        'Chances: none.',
    ('no chances', 'two players', 'normal'):
        "None of Bolat's moves takes anything now.",
    ('no chances', 'two players', 'full'):
        "None of Bolat's moves takes anything now.",
    ("preview of Black's pit", 'as White', 'brief'):
        '3 goes to their 7, makes 1.',
    ("preview of Black's pit", 'as White', 'normal'):
        "The computer's pit 3: 5 stones, the last lands in the computer's pit 7, no capture.",
    ("preview of Black's pit", 'as White', 'full'):
        "The computer's pit 3: 5 stones, the last lands in the computer's pit 7, no capture.",
    ("preview of Black's pit", 'as Black', 'brief'):
        '3 goes to your 7, makes 1.',
    ("preview of Black's pit", 'as Black', 'normal'):
        'Your pit 3: 5 stones, the last lands in your pit 7, no capture.',
    ("preview of Black's pit", 'as Black', 'full'):
        'Your pit 3: 5 stones, the last lands in your pit 7, no capture.',
    ("preview of Black's pit", 'two players', 'brief'):
        '3 goes to Bolat 7, makes 1.',
    ("preview of Black's pit", 'two players', 'normal'):
        "Bolat's pit 3: 5 stones, the last lands in Bolat's pit 7, no capture.",
    ("preview of Black's pit", 'two players', 'full'):
        "Bolat's pit 3: 5 stones, the last lands in Bolat's pit 7, no capture.",
    ('preview making 3 in the last pit', 'as White', 'brief'):
        '9 goes to their 9, makes 3.',
    ('preview making 3 in the last pit', 'as White', 'normal'):
        (
            "Pit 9: 10 stones, the last lands in the computer's pit 9, making 3, but no tuzdyk: pit 9"
            ' never becomes one.'
        ),
    ('preview making 3 in the last pit', 'as White', 'full'):
        (
            "Pit 9: 10 stones, the last lands in the computer's pit 9, making 3, but no tuzdyk: pit 9"
            ' never becomes one.'
        ),
    ('preview making 3 in the last pit', 'as Black', 'brief'):
        '9 goes to your 9, makes 3.',
    ('preview making 3 in the last pit', 'as Black', 'normal'):
        'Pit 9: 10 stones, the last lands in your pit 9, making 3, but no tuzdyk: pit 9 never becomes one.',
    ('preview making 3 in the last pit', 'as Black', 'full'):
        'Pit 9: 10 stones, the last lands in your pit 9, making 3, but no tuzdyk: pit 9 never becomes one.',
    ('preview making 3 in the last pit', 'two players', 'brief'):
        '9 goes to Bolat 9, makes 3.',
    ('preview making 3 in the last pit', 'two players', 'normal'):
        (
            "Pit 9: 10 stones, the last lands in Bolat's pit 9, making 3, but no tuzdyk: pit 9 never "
            'becomes one.'
        ),
    ('preview making 3 in the last pit', 'two players', 'full'):
        (
            "Pit 9: 10 stones, the last lands in Bolat's pit 9, making 3, but no tuzdyk: pit 9 never "
            'becomes one.'
        ),
}

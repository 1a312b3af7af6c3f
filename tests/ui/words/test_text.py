

def test_os_reason_words_a_system_refusal_in_the_players_language() -> None:
    import errno

    from zemlevlasnyk.ui.words.text import os_reason
    denied = PermissionError(errno.EACCES, "Permission denied")
    assert os_reason(denied, "uk") == "немає дозволу" and os_reason(denied, "en") == "permission denied"
    assert os_reason(OSError(errno.ENOSPC, "No space left on device"), "uk") == "на диску немає місця"
    odd = OSError(errno.EXDEV, "Invalid cross-device link")
    assert os_reason(odd, "uk") == "помилка системи (EXDEV)" and os_reason(odd, "en") == "system error (EXDEV)"
    assert os_reason(OSError("no errno"), "en") == "system error (OSError)"


def test_os_reason_words_an_address_that_is_no_address() -> None:
    """`host --bind nonsense` said «system error (gaierror)»: the resolver's refusal carries
    an EAI_* number, not an errno."""
    import socket

    from zemlevlasnyk.ui.words.text import os_reason
    unknown = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert os_reason(unknown, "en") == "no such address or name here"
    assert os_reason(unknown, "uk") == "такої адреси чи назви тут немає"


def test_os_reason_keys_are_errno_names() -> None:
    import errno

    from zemlevlasnyk.ui.words.text import catalogue
    for lang in ("uk", "en"):
        names = set(catalogue(lang)["commands"]["os_errors"]) - {"other", "no_folder", "gaierror"}
        assert names and all(hasattr(errno, name) for name in names), sorted(names)

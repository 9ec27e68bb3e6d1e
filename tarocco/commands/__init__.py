"""The ``tarocco`` command's subcommands, a module per group; :mod:`tarocco.cli` gathers them
under ``main``.

================  ==========================================================================
module            commands
================  ==========================================================================
``text``          ``verify``, ``rules``, ``random``, ``format``: record text, no database
``serve``         ``serve``: the web service on gunicorn
``tournaments``   ``tournament``, ``token``, ``session``: the director's records
``imports``       ``import``: bulk import into a session
``measure``       ``bench``, ``loadtest`` (``campaign`` is in :mod:`tarocco.campaign`)
``audit``         ``audit``: the dispute tools
``database``      what the database commands share: ``--db``, opening the store
================  ==========================================================================
"""
